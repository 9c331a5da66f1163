CREATE TYPE "public"."credit_kind" AS ENUM('purchase', 'consumption');--> statement-breakpoint
CREATE TYPE "public"."permit_event_action" AS ENUM('create', 'edit', 'duplicate', 'send', 'verify', 'recheck', 'reject', 'approve', 'accept', 'start', 'end', 'cancel');--> statement-breakpoint
CREATE TYPE "public"."permit_status" AS ENUM('pending', 'sended', 'Recheck', 'Confirmed', 'Approved', 'accepted', 'In_progress', 'Ended', 'Canceled', 'Failed');--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"kind" "credit_kind" NOT NULL,
	"quantity" integer NOT NULL,
	"note" varchar(250) DEFAULT '' NOT NULL,
	"permit_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_permit_accounts" (
	"enterprise_id" uuid PRIMARY KEY NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	"credits_total" integer DEFAULT 0 NOT NULL,
	"credits_used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_permit_accounts_credits" CHECK ("enterprise_permit_accounts"."credits_used" <= "enterprise_permit_accounts"."credits_total")
);
--> statement-breakpoint
CREATE TABLE "permit_checklist_items" (
	"permit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"source_id" uuid NOT NULL,
	"source_name" varchar(50) NOT NULL,
	"item_index" integer NOT NULL,
	"text" varchar(250) NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "permit_checklist_items_permit_id_position_pk" PRIMARY KEY("permit_id","position")
);
--> statement-breakpoint
CREATE TABLE "permit_epis" (
	"permit_id" uuid NOT NULL,
	"epi_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "permit_epis_permit_id_epi_id_pk" PRIMARY KEY("permit_id","epi_id")
);
--> statement-breakpoint
CREATE TABLE "permit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"action" "permit_event_action" NOT NULL,
	"from_status" "permit_status",
	"to_status" "permit_status" NOT NULL,
	"actor_id" uuid,
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permit_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permit_risks" (
	"permit_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "permit_risks_permit_id_risk_id_pk" PRIMARY KEY("permit_id","risk_id")
);
--> statement-breakpoint
CREATE TABLE "permit_specific_risks" (
	"permit_id" uuid NOT NULL,
	"specific_risk_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "permit_specific_risks_permit_id_specific_risk_id_pk" PRIMARY KEY("permit_id","specific_risk_id")
);
--> statement-breakpoint
CREATE TABLE "permits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"division_id" uuid,
	"sector_id" uuid,
	"sub_sector_id" uuid,
	"work_type_id" uuid,
	"supplier_id" uuid,
	"internal" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"status" "permit_status" DEFAULT 'pending' NOT NULL,
	"document_number" varchar(30),
	"task_title" varchar(150) NOT NULL,
	"job_description" text DEFAULT '' NOT NULL,
	"general_information" text DEFAULT '' NOT NULL,
	"additional_information" text DEFAULT '' NOT NULL,
	"subcontractor" varchar(150) DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"probability_id" uuid,
	"severity_id" uuid,
	"level_name" varchar(50),
	"level_colour" varchar(7),
	"level_flow" "criticality_flow",
	"answers" jsonb DEFAULT '{"qualificationsAndTools":null,"jsaComplete":null,"newRiskPossible":null}'::jsonb NOT NULL,
	"remark" varchar(500),
	"sent_at" timestamp with time zone,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permits_internal_has_no_supplier" CHECK (NOT "permits"."internal" OR "permits"."supplier_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_permit_accounts" ADD CONSTRAINT "enterprise_permit_accounts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_checklist_items" ADD CONSTRAINT "permit_checklist_items_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_epis" ADD CONSTRAINT "permit_epis_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_epis" ADD CONSTRAINT "permit_epis_epi_id_epis_id_fk" FOREIGN KEY ("epi_id") REFERENCES "public"."epis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_files" ADD CONSTRAINT "permit_files_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_files" ADD CONSTRAINT "permit_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_risks" ADD CONSTRAINT "permit_risks_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_risks" ADD CONSTRAINT "permit_risks_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_specific_risks" ADD CONSTRAINT "permit_specific_risks_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_specific_risks" ADD CONSTRAINT "permit_specific_risks_specific_risk_id_specific_risks_id_fk" FOREIGN KEY ("specific_risk_id") REFERENCES "public"."specific_risks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_sub_sector_id_sub_sectors_id_fk" FOREIGN KEY ("sub_sector_id") REFERENCES "public"."sub_sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_transactions_enterprise_idx" ON "credit_transactions" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "permit_events_permit_idx" ON "permit_events" USING btree ("permit_id","created_at");--> statement-breakpoint
CREATE INDEX "permit_files_permit_idx" ON "permit_files" USING btree ("permit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permits_enterprise_number_uq" ON "permits" USING btree ("enterprise_id","document_number");--> statement-breakpoint
CREATE INDEX "permits_enterprise_status_idx" ON "permits" USING btree ("enterprise_id","status","created_at");--> statement-breakpoint
CREATE INDEX "permits_enterprise_start_idx" ON "permits" USING btree ("enterprise_id","start_at");--> statement-breakpoint
CREATE INDEX "permits_sector_status_idx" ON "permits" USING btree ("sector_id","status");--> statement-breakpoint
CREATE INDEX "permits_division_idx" ON "permits" USING btree ("division_id","created_at");--> statement-breakpoint
CREATE INDEX "permits_supplier_status_idx" ON "permits" USING btree ("supplier_id","status","created_at");--> statement-breakpoint
CREATE INDEX "permits_created_by_idx" ON "permits" USING btree ("created_by","status");