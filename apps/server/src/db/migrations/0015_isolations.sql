CREATE TYPE "public"."isolation_energy" AS ENUM('electrical', 'mechanical', 'hydraulic', 'pneumatic', 'process', 'thermal', 'chemical');--> statement-breakpoint
CREATE TABLE "isolation_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"point_id" uuid NOT NULL,
	"lock_number" varchar(50) NOT NULL,
	"applied_by" uuid NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"proven_by" uuid,
	"proven_at" timestamp with time zone,
	"proof_language" varchar(2),
	"proof_declaration" text,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"release_remark" varchar(250),
	CONSTRAINT "isolation_applications_proof_whole" CHECK (("isolation_applications"."proven_by" IS NULL AND "isolation_applications"."proven_at" IS NULL AND "isolation_applications"."proof_declaration" IS NULL AND "isolation_applications"."proof_language" IS NULL)
        OR ("isolation_applications"."proven_by" IS NOT NULL AND "isolation_applications"."proven_at" IS NOT NULL AND "isolation_applications"."proof_declaration" IS NOT NULL
          AND "isolation_applications"."proof_language" IN ('en', 'fr'))),
	CONSTRAINT "isolation_applications_second_person" CHECK ("isolation_applications"."proven_by" IS DISTINCT FROM "isolation_applications"."applied_by"),
	CONSTRAINT "isolation_applications_release_whole" CHECK (("isolation_applications"."released_by" IS NULL) = ("isolation_applications"."released_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "isolation_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	"sub_sector_id" uuid,
	"tag" varchar(50) NOT NULL,
	"equipment" varchar(150) NOT NULL,
	"energy" "isolation_energy" NOT NULL,
	"method" varchar(250) NOT NULL,
	"x" double precision,
	"y" double precision,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "isolation_points_position" CHECK (("isolation_points"."x" IS NULL AND "isolation_points"."y" IS NULL) OR ("isolation_points"."x" BETWEEN 0 AND 1 AND "isolation_points"."y" BETWEEN 0 AND 1))
);
--> statement-breakpoint
CREATE TABLE "permit_isolations" (
	"permit_id" uuid NOT NULL,
	"point_id" uuid NOT NULL,
	CONSTRAINT "permit_isolations_permit_id_point_id_pk" PRIMARY KEY("permit_id","point_id")
);
--> statement-breakpoint
ALTER TABLE "isolation_applications" ADD CONSTRAINT "isolation_applications_point_id_isolation_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."isolation_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolation_applications" ADD CONSTRAINT "isolation_applications_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolation_applications" ADD CONSTRAINT "isolation_applications_proven_by_users_id_fk" FOREIGN KEY ("proven_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolation_applications" ADD CONSTRAINT "isolation_applications_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolation_points" ADD CONSTRAINT "isolation_points_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolation_points" ADD CONSTRAINT "isolation_points_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolation_points" ADD CONSTRAINT "isolation_points_sub_sector_id_sub_sectors_id_fk" FOREIGN KEY ("sub_sector_id") REFERENCES "public"."sub_sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_isolations" ADD CONSTRAINT "permit_isolations_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_isolations" ADD CONSTRAINT "permit_isolations_point_id_isolation_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."isolation_points"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "isolation_applications_in_place_uq" ON "isolation_applications" USING btree ("point_id") WHERE "isolation_applications"."released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "isolation_points_tag_uq" ON "isolation_points" USING btree ("enterprise_id",lower("tag")) WHERE "isolation_points"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "isolation_points_sector_idx" ON "isolation_points" USING btree ("sector_id") WHERE "isolation_points"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "permit_isolations_point_idx" ON "permit_isolations" USING btree ("point_id");