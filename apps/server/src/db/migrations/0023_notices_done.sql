ALTER TABLE "notifications" ADD COLUMN "permit_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_permit_open_idx" ON "notifications" USING btree ("permit_id") WHERE "notifications"."done_at" IS NULL;--> statement-breakpoint
-- A notice done is read for everyone it went to.
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_done_is_read" CHECK ("done_at" IS NULL OR "read_at" IS NOT NULL);--> statement-breakpoint
-- The notices already sent name their permit in their link (the permit's page in the reader's area).
UPDATE "notifications" n SET "permit_id" = p."id" FROM "permits" p
WHERE n."kind" LIKE 'permit.%' AND n."link" ~ '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
  AND p."id" = substring(n."link" from '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}')::uuid;
