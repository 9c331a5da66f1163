CREATE TYPE "public"."compliance_kind" AS ENUM('document', 'competence', 'induction');--> statement-breakpoint
CREATE TYPE "public"."crew_rule" AS ENUM('every_worker', 'one_worker');--> statement-breakpoint
CREATE TYPE "public"."evidence_status" AS ENUM('pending', 'accepted', 'refused');--> statement-breakpoint
CREATE TABLE "compliance_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"supplier_id" uuid,
	"worker_id" uuid,
	"file_id" uuid,
	"issuer" varchar(100) DEFAULT '' NOT NULL,
	"reference" varchar(60) DEFAULT '' NOT NULL,
	"cover_amount" integer,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"status" "evidence_status" DEFAULT 'pending' NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"refusal_reason" varchar(250),
	CONSTRAINT "compliance_evidence_subject" CHECK ("compliance_evidence"."supplier_id" IS NOT NULL OR "compliance_evidence"."worker_id" IS NOT NULL),
	CONSTRAINT "compliance_evidence_dates" CHECK ("compliance_evidence"."valid_until" IS NULL OR "compliance_evidence"."valid_until" >= "compliance_evidence"."valid_from"),
	CONSTRAINT "compliance_evidence_cover" CHECK ("compliance_evidence"."cover_amount" IS NULL OR "compliance_evidence"."cover_amount" >= 0),
	CONSTRAINT "compliance_evidence_reviewed" CHECK (("compliance_evidence"."status" = 'pending') = ("compliance_evidence"."reviewed_at" IS NULL)),
	CONSTRAINT "compliance_evidence_refusal" CHECK (("compliance_evidence"."status" = 'refused') = ("compliance_evidence"."refusal_reason" IS NOT NULL AND length(trim("compliance_evidence"."refusal_reason")) > 0))
);
--> statement-breakpoint
CREATE TABLE "compliance_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"kind" "compliance_kind" NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(250) DEFAULT '' NOT NULL,
	"required_of_all" boolean DEFAULT false NOT NULL,
	"validity_days" smallint,
	"minimum_cover" integer,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_requirements_validity" CHECK ("compliance_requirements"."validity_days" IS NULL OR "compliance_requirements"."validity_days" BETWEEN 1 AND 3650),
	CONSTRAINT "compliance_requirements_cover" CHECK ("compliance_requirements"."minimum_cover" IS NULL OR ("compliance_requirements"."kind" = 'document' AND "compliance_requirements"."minimum_cover" > 0))
);
--> statement-breakpoint
CREATE TABLE "work_type_requirements" (
	"work_type_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"rule" "crew_rule" DEFAULT 'every_worker' NOT NULL,
	CONSTRAINT "work_type_requirements_work_type_id_requirement_id_pk" PRIMARY KEY("work_type_id","requirement_id")
);
--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "expiry_first_reminder_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "expiry_second_reminder_days" smallint DEFAULT 7;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_requirement_id_compliance_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."compliance_requirements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_requirements" ADD CONSTRAINT "compliance_requirements_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_type_requirements" ADD CONSTRAINT "work_type_requirements_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_type_requirements" ADD CONSTRAINT "work_type_requirements_requirement_id_compliance_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."compliance_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_evidence_supplier_idx" ON "compliance_evidence" USING btree ("enterprise_id","supplier_id");--> statement-breakpoint
CREATE INDEX "compliance_evidence_worker_idx" ON "compliance_evidence" USING btree ("worker_id","requirement_id");--> statement-breakpoint
CREATE INDEX "compliance_evidence_requirement_idx" ON "compliance_evidence" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "compliance_evidence_pending_idx" ON "compliance_evidence" USING btree ("enterprise_id","submitted_at") WHERE "compliance_evidence"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "compliance_evidence_until_idx" ON "compliance_evidence" USING btree ("valid_until") WHERE "compliance_evidence"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_requirements_name_uq" ON "compliance_requirements" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
CREATE INDEX "compliance_requirements_enterprise_idx" ON "compliance_requirements" USING btree ("enterprise_id","kind") WHERE "compliance_requirements"."disabled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "work_type_requirements_requirement_idx" ON "work_type_requirements" USING btree ("requirement_id");--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_expiry_reminders" CHECK ("enterprises"."expiry_first_reminder_days" BETWEEN 1 AND 180 AND ("enterprises"."expiry_second_reminder_days" IS NULL OR "enterprises"."expiry_second_reminder_days" BETWEEN 1 AND "enterprises"."expiry_first_reminder_days" - 1));