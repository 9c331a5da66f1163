ALTER TABLE "notifications" ADD COLUMN "demand_id" uuid;--> statement-breakpoint
ALTER TABLE "epis" ADD COLUMN "name_fr" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_demand_open_idx" ON "notifications" USING btree ("demand_id") WHERE "notifications"."done_at" IS NULL;