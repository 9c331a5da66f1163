CREATE TYPE "public"."affiliation_direction" AS ENUM('invitation', 'request');--> statement-breakpoint
CREATE TYPE "public"."affiliation_status" AS ENUM('invited', 'requested', 'affiliated', 'detached', 'denied', 'cancelled');--> statement-breakpoint
CREATE TABLE "affiliation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliation_id" uuid NOT NULL,
	"status" "affiliation_status" NOT NULL,
	"actor_id" uuid,
	"remark" varchar(250),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"status" "affiliation_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "affiliation_id" uuid;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "direction" "affiliation_direction";--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "email" varchar(150);--> statement-breakpoint
ALTER TABLE "affiliation_events" ADD CONSTRAINT "affiliation_events_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_events" ADD CONSTRAINT "affiliation_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliation_events_affiliation_idx" ON "affiliation_events" USING btree ("affiliation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliations_enterprise_supplier_uq" ON "affiliations" USING btree ("enterprise_id","supplier_id");--> statement-breakpoint
CREATE INDEX "affiliations_enterprise_status_idx" ON "affiliations" USING btree ("enterprise_id","status");--> statement-breakpoint
CREATE INDEX "affiliations_supplier_status_idx" ON "affiliations" USING btree ("supplier_id","status");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demands_affiliation_idx" ON "demands" USING btree ("affiliation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demands_affiliation_pending_uq" ON "demands" USING btree ("affiliation_id") WHERE "demands"."status" = 'pending';