ALTER TYPE "public"."permit_event_action" ADD VALUE 'expire';--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "overdue_escalation_grace_minutes" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "waiting_escalation_delay_minutes" smallint DEFAULT 240 NOT NULL;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "accepted_by" uuid;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "acceptance_declaration" text;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "overdue_escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "wait_escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_overdue_escalation_grace" CHECK ("enterprises"."overdue_escalation_grace_minutes" BETWEEN 0 AND 1440);--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_waiting_escalation_delay" CHECK ("enterprises"."waiting_escalation_delay_minutes" BETWEEN 15 AND 10080);--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_expired_is_canceled" CHECK ("permits"."expired_at" IS NULL OR "permits"."status" = 'Canceled');--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_acceptance_whole" CHECK (("permits"."accepted_by" IS NULL) = ("permits"."accepted_at" IS NULL));