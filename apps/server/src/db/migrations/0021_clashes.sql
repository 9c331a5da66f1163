CREATE TABLE "incompatible_work_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"low_work_type_id" uuid NOT NULL,
	"high_work_type_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incompatible_work_types_ordered" CHECK ("incompatible_work_types"."low_work_type_id" < "incompatible_work_types"."high_work_type_id")
);
--> statement-breakpoint
CREATE TABLE "permit_clash_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"other_permit_id" uuid NOT NULL,
	"step" varchar(10) NOT NULL,
	"rules" text[] NOT NULL,
	"remark" varchar(500) NOT NULL,
	"acknowledged_by" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "permit_clash_acknowledgements_step" CHECK ("permit_clash_acknowledgements"."step" IN ('send', 'verify', 'approve')),
	CONSTRAINT "permit_clash_acknowledgements_remark" CHECK (length(btrim("permit_clash_acknowledgements"."remark")) > 0),
	CONSTRAINT "permit_clash_acknowledgements_rules" CHECK (cardinality("permit_clash_acknowledgements"."rules") > 0 AND "permit_clash_acknowledgements"."rules" <@ ARRAY['samePlace', 'incompatibleWork', 'sharedIsolation']::text[]),
	CONSTRAINT "permit_clash_acknowledgements_other" CHECK ("permit_clash_acknowledgements"."other_permit_id" <> "permit_clash_acknowledgements"."permit_id")
);
--> statement-breakpoint
ALTER TABLE "incompatible_work_types" ADD CONSTRAINT "incompatible_work_types_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incompatible_work_types" ADD CONSTRAINT "incompatible_work_types_low_work_type_id_work_types_id_fk" FOREIGN KEY ("low_work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incompatible_work_types" ADD CONSTRAINT "incompatible_work_types_high_work_type_id_work_types_id_fk" FOREIGN KEY ("high_work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_clash_acknowledgements" ADD CONSTRAINT "permit_clash_acknowledgements_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_clash_acknowledgements" ADD CONSTRAINT "permit_clash_acknowledgements_other_permit_id_permits_id_fk" FOREIGN KEY ("other_permit_id") REFERENCES "public"."permits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_clash_acknowledgements" ADD CONSTRAINT "permit_clash_acknowledgements_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incompatible_work_types_pair_uq" ON "incompatible_work_types" USING btree ("low_work_type_id","high_work_type_id");--> statement-breakpoint
CREATE INDEX "incompatible_work_types_enterprise_idx" ON "incompatible_work_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "permit_clash_acknowledgements_permit_idx" ON "permit_clash_acknowledgements" USING btree ("permit_id","acknowledged_at");