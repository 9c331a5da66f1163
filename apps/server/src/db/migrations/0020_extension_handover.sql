ALTER TYPE "public"."permit_event_action" ADD VALUE 'extensionAsked';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'extensionSigned';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'extensionRefused';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'handoverStarted';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'handover';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'handoverCancelled';--> statement-breakpoint
ALTER TYPE "public"."signature_kind" ADD VALUE 'extend';--> statement-breakpoint
ALTER TYPE "public"."signature_kind" ADD VALUE 'handoverOut';--> statement-breakpoint
ALTER TYPE "public"."signature_kind" ADD VALUE 'handover';--> statement-breakpoint
CREATE TABLE "permit_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"asked_by" uuid NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"reason" varchar(500) NOT NULL,
	"old_end_at" timestamp with time zone NOT NULL,
	"new_end_at" timestamp with time zone NOT NULL,
	"decision" varchar(10),
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"remark" varchar(500),
	CONSTRAINT "permit_extensions_later" CHECK ("permit_extensions"."new_end_at" > "permit_extensions"."old_end_at"),
	CONSTRAINT "permit_extensions_decision" CHECK (("permit_extensions"."decision" IS NULL AND "permit_extensions"."decided_by" IS NULL AND "permit_extensions"."decided_at" IS NULL AND "permit_extensions"."remark" IS NULL)
        OR ("permit_extensions"."decision" = 'signed' AND "permit_extensions"."decided_by" IS NOT NULL AND "permit_extensions"."decided_at" IS NOT NULL)
        OR ("permit_extensions"."decision" = 'refused' AND "permit_extensions"."decided_by" IS NOT NULL AND "permit_extensions"."decided_at" IS NOT NULL AND "permit_extensions"."remark" IS NOT NULL)),
	CONSTRAINT "permit_extensions_four_eyes" CHECK ("permit_extensions"."decided_by" IS DISTINCT FROM "permit_extensions"."asked_by")
);
--> statement-breakpoint
CREATE TABLE "permit_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"note" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"crew_kept" boolean,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	CONSTRAINT "permit_handovers_two_people" CHECK ("permit_handovers"."from_id" <> "permit_handovers"."to_id"),
	CONSTRAINT "permit_handovers_note" CHECK (length(btrim("permit_handovers"."note")) > 0),
	CONSTRAINT "permit_handovers_accepted_whole" CHECK (("permit_handovers"."accepted_at" IS NULL) = ("permit_handovers"."crew_kept" IS NULL)),
	CONSTRAINT "permit_handovers_cancelled_whole" CHECK (("permit_handovers"."cancelled_at" IS NULL) = ("permit_handovers"."cancelled_by" IS NULL)),
	CONSTRAINT "permit_handovers_one_outcome" CHECK ("permit_handovers"."accepted_at" IS NULL OR "permit_handovers"."cancelled_at" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "shift_length_hours" smallint;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "holder_id" uuid;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "shift_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "handover_due_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permit_extensions" ADD CONSTRAINT "permit_extensions_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_extensions" ADD CONSTRAINT "permit_extensions_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_extensions" ADD CONSTRAINT "permit_extensions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_handovers" ADD CONSTRAINT "permit_handovers_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_handovers" ADD CONSTRAINT "permit_handovers_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_handovers" ADD CONSTRAINT "permit_handovers_to_id_users_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_handovers" ADD CONSTRAINT "permit_handovers_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permit_extensions_permit_idx" ON "permit_extensions" USING btree ("permit_id","asked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "permit_extensions_pending_uq" ON "permit_extensions" USING btree ("permit_id") WHERE "permit_extensions"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "permit_handovers_permit_idx" ON "permit_handovers" USING btree ("permit_id","started_at");--> statement-breakpoint
CREATE INDEX "permit_handovers_to_idx" ON "permit_handovers" USING btree ("to_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permit_handovers_open_uq" ON "permit_handovers" USING btree ("permit_id") WHERE "permit_handovers"."accepted_at" IS NULL AND "permit_handovers"."cancelled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_shift_length" CHECK ("enterprises"."shift_length_hours" IS NULL OR "enterprises"."shift_length_hours" BETWEEN 1 AND 24);--> statement-breakpoint
-- Work already in progress: its holder's shift began at its start (the last start event, else its window's start).
UPDATE "permits" p SET "shift_started_at" = coalesce(
  (SELECT max(e."created_at") FROM "permit_events" e WHERE e."permit_id" = p."id" AND e."action"::text = 'start'),
  p."start_at")
WHERE p."status" = 'In_progress';
