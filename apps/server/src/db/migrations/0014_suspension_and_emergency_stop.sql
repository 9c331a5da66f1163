ALTER TYPE "public"."permit_event_action" ADD VALUE 'suspend' BEFORE 'cancel';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'resume' BEFORE 'cancel';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'emergencyStop';--> statement-breakpoint
ALTER TYPE "public"."signature_kind" ADD VALUE 'resume';--> statement-breakpoint
CREATE TABLE "emergencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"division_id" uuid NOT NULL,
	"sector_id" uuid,
	"reason" varchar(500) NOT NULL,
	"declared_by" uuid NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"suspended_count" integer NOT NULL,
	"lifted_by" uuid,
	"lifted_at" timestamp with time zone,
	"lift_remark" varchar(500),
	CONSTRAINT "emergencies_reason_given" CHECK (length(trim("emergencies"."reason")) > 0),
	CONSTRAINT "emergencies_lift_whole" CHECK (("emergencies"."lifted_at" IS NULL) = ("emergencies"."lifted_by" IS NULL)),
	CONSTRAINT "emergencies_lift_remark_only_lifted" CHECK ("emergencies"."lift_remark" IS NULL OR "emergencies"."lifted_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "suspended_by" uuid;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "suspension_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "suspended_by_emergency_id" uuid;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergencies_in_force_idx" ON "emergencies" USING btree ("division_id","sector_id") WHERE "emergencies"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "emergencies_enterprise_idx" ON "emergencies" USING btree ("enterprise_id","declared_at");--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_suspended_by_emergency_id_emergencies_id_fk" FOREIGN KEY ("suspended_by_emergency_id") REFERENCES "public"."emergencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_suspension_whole" CHECK (("permits"."suspended_at" IS NULL) = ("permits"."suspended_by" IS NULL) AND ("permits"."suspended_at" IS NULL) = ("permits"."suspension_reason" IS NULL)
        AND ("permits"."suspended_by_emergency_id" IS NULL OR "permits"."suspended_at" IS NOT NULL));