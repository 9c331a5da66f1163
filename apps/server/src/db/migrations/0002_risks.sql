CREATE TYPE "public"."criticality_flow" AS ENUM('verify', 'verify_and_approve');--> statement-breakpoint
CREATE TYPE "public"."matrix_axis" AS ENUM('probability', 'severity');--> statement-breakpoint
CREATE TYPE "public"."work_type_kind" AS ENUM('general', 'procedure');--> statement-breakpoint
CREATE TABLE "criticality_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"colour" varchar(7) NOT NULL,
	"description" varchar(250) DEFAULT '' NOT NULL,
	"flow" "criticality_flow" NOT NULL,
	CONSTRAINT "criticality_levels_colour" CHECK ("criticality_levels"."colour" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "enterprise_epis" (
	"enterprise_id" uuid NOT NULL,
	"epi_id" uuid NOT NULL,
	CONSTRAINT "enterprise_epis_pk" PRIMARY KEY("enterprise_id","epi_id")
);
--> statement-breakpoint
CREATE TABLE "epis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(250) DEFAULT '' NOT NULL,
	"icon_file_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"title" varchar(50) NOT NULL,
	"url" varchar(500) NOT NULL,
	"tag" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matrix_axis_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"axis" "matrix_axis" NOT NULL,
	"rank" integer NOT NULL,
	"label" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matrix_cells" (
	"probability_id" uuid NOT NULL,
	"severity_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	CONSTRAINT "matrix_cells_pk" PRIMARY KEY("probability_id","severity_id")
);
--> statement-breakpoint
CREATE TABLE "procedure_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"work_type_id" uuid,
	"specific_risk_id" uuid,
	"name" varchar(250) NOT NULL,
	CONSTRAINT "procedure_files_one_owner" CHECK (("procedure_files"."work_type_id" IS NULL) <> ("procedure_files"."specific_risk_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "risk_assignment_epis" (
	"assignment_id" uuid NOT NULL,
	"epi_id" uuid NOT NULL,
	CONSTRAINT "risk_assignment_epis_pk" PRIMARY KEY("assignment_id","epi_id")
);
--> statement-breakpoint
CREATE TABLE "risk_assignment_risks" (
	"assignment_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	CONSTRAINT "risk_assignment_risks_pk" PRIMARY KEY("assignment_id","risk_id")
);
--> statement-breakpoint
CREATE TABLE "risk_assignment_specific_risks" (
	"assignment_id" uuid NOT NULL,
	"specific_risk_id" uuid NOT NULL,
	CONSTRAINT "risk_assignment_specific_risks_pk" PRIMARY KEY("assignment_id","specific_risk_id")
);
--> statement-breakpoint
CREATE TABLE "risk_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"sector_id" uuid,
	"sub_sector_id" uuid,
	"work_type_id" uuid NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_assignments_one_place" CHECK (("risk_assignments"."sector_id" IS NULL) <> ("risk_assignments"."sub_sector_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "risk_matrices" (
	"enterprise_id" uuid PRIMARY KEY NOT NULL,
	"super_responsible_may_edit" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(250) DEFAULT '' NOT NULL,
	"category" varchar(50) DEFAULT '' NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specific_risk_links" (
	"specific_risk_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "specific_risk_links_pk" PRIMARY KEY("specific_risk_id","link_id")
);
--> statement-breakpoint
CREATE TABLE "specific_risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(250) NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"training_url" varchar(500),
	"procedure_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logogram_file_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"kind" "work_type_kind" NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(250) DEFAULT '' NOT NULL,
	"procedure" text DEFAULT '' NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "criticality_levels" ADD CONSTRAINT "criticality_levels_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_epis" ADD CONSTRAINT "enterprise_epis_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_epis" ADD CONSTRAINT "enterprise_epis_epi_id_epis_id_fk" FOREIGN KEY ("epi_id") REFERENCES "public"."epis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epis" ADD CONSTRAINT "epis_icon_file_id_files_id_fk" FOREIGN KEY ("icon_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_axis_levels" ADD CONSTRAINT "matrix_axis_levels_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_cells" ADD CONSTRAINT "matrix_cells_probability_id_matrix_axis_levels_id_fk" FOREIGN KEY ("probability_id") REFERENCES "public"."matrix_axis_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_cells" ADD CONSTRAINT "matrix_cells_severity_id_matrix_axis_levels_id_fk" FOREIGN KEY ("severity_id") REFERENCES "public"."matrix_axis_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_cells" ADD CONSTRAINT "matrix_cells_level_id_criticality_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."criticality_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_files" ADD CONSTRAINT "procedure_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_files" ADD CONSTRAINT "procedure_files_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_files" ADD CONSTRAINT "procedure_files_specific_risk_id_specific_risks_id_fk" FOREIGN KEY ("specific_risk_id") REFERENCES "public"."specific_risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignment_epis" ADD CONSTRAINT "risk_assignment_epis_assignment_id_risk_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."risk_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignment_epis" ADD CONSTRAINT "risk_assignment_epis_epi_id_epis_id_fk" FOREIGN KEY ("epi_id") REFERENCES "public"."epis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignment_risks" ADD CONSTRAINT "risk_assignment_risks_assignment_id_risk_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."risk_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignment_risks" ADD CONSTRAINT "risk_assignment_risks_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignment_specific_risks" ADD CONSTRAINT "risk_assignment_specific_risks_assignment_id_risk_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."risk_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignment_specific_risks" ADD CONSTRAINT "risk_assignment_specific_risks_specific_risk_id_specific_risks_id_fk" FOREIGN KEY ("specific_risk_id") REFERENCES "public"."specific_risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignments" ADD CONSTRAINT "risk_assignments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignments" ADD CONSTRAINT "risk_assignments_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignments" ADD CONSTRAINT "risk_assignments_sub_sector_id_sub_sectors_id_fk" FOREIGN KEY ("sub_sector_id") REFERENCES "public"."sub_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignments" ADD CONSTRAINT "risk_assignments_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assignments" ADD CONSTRAINT "risk_assignments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_matrices" ADD CONSTRAINT "risk_matrices_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_matrices" ADD CONSTRAINT "risk_matrices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_risk_links" ADD CONSTRAINT "specific_risk_links_specific_risk_id_specific_risks_id_fk" FOREIGN KEY ("specific_risk_id") REFERENCES "public"."specific_risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_risk_links" ADD CONSTRAINT "specific_risk_links_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_risks" ADD CONSTRAINT "specific_risks_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_risks" ADD CONSTRAINT "specific_risks_logogram_file_id_files_id_fk" FOREIGN KEY ("logogram_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_types" ADD CONSTRAINT "work_types_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "criticality_levels_enterprise_idx" ON "criticality_levels" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "epis_name_idx" ON "epis" USING btree (lower("name")) WHERE "epis"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "links_enterprise_idx" ON "links" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matrix_axis_levels_rank_uq" ON "matrix_axis_levels" USING btree ("enterprise_id","axis","rank");--> statement-breakpoint
CREATE INDEX "procedure_files_work_type_idx" ON "procedure_files" USING btree ("work_type_id");--> statement-breakpoint
CREATE INDEX "procedure_files_specific_risk_idx" ON "procedure_files" USING btree ("specific_risk_id");--> statement-breakpoint
CREATE INDEX "risk_assignment_epis_epi_idx" ON "risk_assignment_epis" USING btree ("epi_id");--> statement-breakpoint
CREATE INDEX "risk_assignment_risks_risk_idx" ON "risk_assignment_risks" USING btree ("risk_id");--> statement-breakpoint
CREATE INDEX "risk_assignment_specific_risks_risk_idx" ON "risk_assignment_specific_risks" USING btree ("specific_risk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_assignments_sector_uq" ON "risk_assignments" USING btree ("sector_id","work_type_id") WHERE "risk_assignments"."sector_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_assignments_sub_sector_uq" ON "risk_assignments" USING btree ("sub_sector_id","work_type_id") WHERE "risk_assignments"."sub_sector_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "risks_enterprise_idx" ON "risks" USING btree ("enterprise_id") WHERE "risks"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "specific_risk_links_link_idx" ON "specific_risk_links" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "specific_risks_enterprise_idx" ON "specific_risks" USING btree ("enterprise_id") WHERE "specific_risks"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "work_types_enterprise_idx" ON "work_types" USING btree ("enterprise_id","kind") WHERE "work_types"."deleted_at" IS NULL;