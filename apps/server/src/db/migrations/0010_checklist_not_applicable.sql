ALTER TABLE "permit_checklist_items" ADD COLUMN "not_applicable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "permit_checklist_items" ADD COLUMN "not_applicable_reason" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "specific_risks" ADD COLUMN "checklist_may_be_not_applicable" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "work_types" ADD COLUMN "checklist_may_be_not_applicable" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "permit_checklist_items" ADD CONSTRAINT "permit_checklist_items_one_answer" CHECK (NOT ("permit_checklist_items"."checked" AND "permit_checklist_items"."not_applicable"));