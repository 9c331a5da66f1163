ALTER TABLE "permits" ADD COLUMN "compliance_lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "compliance_lapse" jsonb;