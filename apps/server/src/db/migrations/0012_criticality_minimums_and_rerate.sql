ALTER TYPE "public"."permit_event_action" ADD VALUE 'rerate';--> statement-breakpoint
ALTER TABLE "permit_events" ADD COLUMN "rerate" jsonb;--> statement-breakpoint
ALTER TABLE "risks" ADD COLUMN "min_level_id" uuid;--> statement-breakpoint
ALTER TABLE "specific_risks" ADD COLUMN "min_level_id" uuid;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_min_level_id_criticality_levels_id_fk" FOREIGN KEY ("min_level_id") REFERENCES "public"."criticality_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_risks" ADD CONSTRAINT "specific_risks_min_level_id_criticality_levels_id_fk" FOREIGN KEY ("min_level_id") REFERENCES "public"."criticality_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_rerate_details" CHECK (("permit_events"."rerate" IS NULL) = ("permit_events"."action"::text <> 'rerate'));