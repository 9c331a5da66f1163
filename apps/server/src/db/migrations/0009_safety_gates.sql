ALTER TABLE "enterprises" ADD COLUMN "permit_start_grace_minutes" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "new_risk_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_types" ADD COLUMN "max_validity_hours" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_permit_start_grace" CHECK ("enterprises"."permit_start_grace_minutes" BETWEEN 0 AND 240);--> statement-breakpoint
ALTER TABLE "work_types" ADD CONSTRAINT "work_types_max_validity_hours" CHECK ("work_types"."max_validity_hours" BETWEEN 1 AND 168);