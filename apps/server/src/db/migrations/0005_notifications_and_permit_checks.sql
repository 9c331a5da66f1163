CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(50) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" varchar(300),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "check_token" varchar(64);--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "start_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "overdue_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "permits_check_token_uq" ON "permits" USING btree ("check_token");--> statement-breakpoint
CREATE INDEX "permits_status_start_idx" ON "permits" USING btree ("status","start_at");--> statement-breakpoint
CREATE INDEX "permits_status_end_idx" ON "permits" USING btree ("status","end_at");