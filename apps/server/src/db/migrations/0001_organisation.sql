-- Moved first by hand: the composite foreign key sectors_division_fk below needs this unique constraint.
ALTER TABLE "divisions" ADD CONSTRAINT "divisions_id_enterprise_uq" UNIQUE("id","enterprise_id");--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" varchar(64) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" varchar(64) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "sector_permissions" (
	"manager_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	"can_verify" boolean NOT NULL,
	"can_approve" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sector_permissions_pk" PRIMARY KEY("manager_id","sector_id"),
	CONSTRAINT "sector_permissions_some_role" CHECK ("sector_permissions"."can_verify" OR "sector_permissions"."can_approve")
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"division_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"number" integer NOT NULL,
	"gathering_point" varchar(150) NOT NULL,
	"map_file_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_sectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sector_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_sectors_position_fraction" CHECK ("sub_sectors"."x" BETWEEN 0 AND 1 AND "sub_sectors"."y" BETWEEN 0 AND 1)
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sector_permissions" ADD CONSTRAINT "sector_permissions_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sector_permissions" ADD CONSTRAINT "sector_permissions_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sector_permissions" ADD CONSTRAINT "sector_permissions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_map_file_id_files_id_fk" FOREIGN KEY ("map_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_division_fk" FOREIGN KEY ("division_id","enterprise_id") REFERENCES "public"."divisions"("id","enterprise_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_sectors" ADD CONSTRAINT "sub_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sector_permissions_sector_idx" ON "sector_permissions" USING btree ("sector_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sectors_division_number_uq" ON "sectors" USING btree ("division_id","number") WHERE "sectors"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sectors_enterprise_number_idx" ON "sectors" USING btree ("enterprise_id","number") WHERE "sectors"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sectors_division_name_idx" ON "sectors" USING btree ("division_id",lower("name")) WHERE "sectors"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sub_sectors_sector_idx" ON "sub_sectors" USING btree ("sector_id") WHERE "sub_sectors"."deleted_at" IS NULL;