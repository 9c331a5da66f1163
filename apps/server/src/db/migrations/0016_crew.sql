ALTER TYPE "public"."permit_event_action" ADD VALUE 'crew';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'signOn';--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'signOff';--> statement-breakpoint
CREATE TABLE "permit_crew" (
	"permit_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permit_crew_permit_id_worker_id_pk" PRIMARY KEY("permit_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "permit_crew_sign_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"signed_on_at" timestamp with time zone NOT NULL,
	"signed_on_by" uuid NOT NULL,
	"language" varchar(2) NOT NULL,
	"declaration" text NOT NULL,
	"signed_off_at" timestamp with time zone,
	"signed_off_by" uuid,
	CONSTRAINT "permit_crew_sign_ons_language" CHECK ("permit_crew_sign_ons"."language" IN ('en', 'fr')),
	CONSTRAINT "permit_crew_sign_ons_off_whole" CHECK (("permit_crew_sign_ons"."signed_off_at" IS NULL) = ("permit_crew_sign_ons"."signed_off_by" IS NULL)),
	CONSTRAINT "permit_crew_sign_ons_off_after_on" CHECK ("permit_crew_sign_ons"."signed_off_at" IS NULL OR "permit_crew_sign_ons"."signed_off_at" >= "permit_crew_sign_ons"."signed_on_at")
);
--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "permits_per_worker" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "permit_events" ADD COLUMN "worker_id" uuid;--> statement-breakpoint
ALTER TABLE "permit_crew" ADD CONSTRAINT "permit_crew_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_crew" ADD CONSTRAINT "permit_crew_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_crew_sign_ons" ADD CONSTRAINT "permit_crew_sign_ons_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_crew_sign_ons" ADD CONSTRAINT "permit_crew_sign_ons_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_crew_sign_ons" ADD CONSTRAINT "permit_crew_sign_ons_signed_on_by_users_id_fk" FOREIGN KEY ("signed_on_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_crew_sign_ons" ADD CONSTRAINT "permit_crew_sign_ons_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permit_crew_worker_idx" ON "permit_crew" USING btree ("worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permit_crew_sign_ons_open_uq" ON "permit_crew_sign_ons" USING btree ("permit_id","worker_id") WHERE "permit_crew_sign_ons"."signed_off_at" IS NULL;--> statement-breakpoint
CREATE INDEX "permit_crew_sign_ons_worker_idx" ON "permit_crew_sign_ons" USING btree ("worker_id") WHERE "permit_crew_sign_ons"."signed_off_at" IS NULL;--> statement-breakpoint
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_permits_per_worker" CHECK ("enterprises"."permits_per_worker" BETWEEN 1 AND 10);--> statement-breakpoint
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_worker" CHECK (("permit_events"."worker_id" IS NULL) = ("permit_events"."action"::text NOT IN ('signOn', 'signOff')));