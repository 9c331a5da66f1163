ALTER TYPE "public"."permit_event_action" ADD VALUE 'gasTest';--> statement-breakpoint
CREATE TABLE "gas_test_readings" (
	"test_id" uuid NOT NULL,
	"gas_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"unit" varchar(50) NOT NULL,
	"low_limit" double precision,
	"high_limit" double precision,
	"value" double precision NOT NULL,
	"passed" boolean NOT NULL,
	CONSTRAINT "gas_test_readings_pk" PRIMARY KEY("test_id","gas_id")
);
--> statement-breakpoint
CREATE TABLE "gas_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"tested_by" uuid NOT NULL,
	"tested_at" timestamp with time zone NOT NULL,
	"instrument_id" varchar(50) NOT NULL,
	"calibrated_on" date NOT NULL,
	"passed" boolean NOT NULL,
	CONSTRAINT "gas_tests_calibrated_before" CHECK ("gas_tests"."calibrated_on" <= ("gas_tests"."tested_at" AT TIME ZONE 'UTC')::date + 1)
);
--> statement-breakpoint
CREATE TABLE "gases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"unit" varchar(50) NOT NULL,
	"low_limit" double precision,
	"high_limit" double precision,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gases_a_limit" CHECK ("gases"."low_limit" IS NOT NULL OR "gases"."high_limit" IS NOT NULL),
	CONSTRAINT "gases_limits_order" CHECK ("gases"."low_limit" IS NULL OR "gases"."high_limit" IS NULL OR "gases"."low_limit" < "gases"."high_limit")
);
--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "gas_tested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "gas_test_passed" boolean;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "gas_retest_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_types" ADD COLUMN "gas_test_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "work_types" ADD COLUMN "gas_retest_minutes" smallint DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "gas_test_readings" ADD CONSTRAINT "gas_test_readings_test_id_gas_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."gas_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_test_readings" ADD CONSTRAINT "gas_test_readings_gas_id_gases_id_fk" FOREIGN KEY ("gas_id") REFERENCES "public"."gases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_tests" ADD CONSTRAINT "gas_tests_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_tests" ADD CONSTRAINT "gas_tests_tested_by_users_id_fk" FOREIGN KEY ("tested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gases" ADD CONSTRAINT "gases_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gas_test_readings_gas_idx" ON "gas_test_readings" USING btree ("gas_id");--> statement-breakpoint
CREATE INDEX "gas_tests_permit_idx" ON "gas_tests" USING btree ("permit_id","tested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gases_name_uq" ON "gases" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_gas_test_whole" CHECK (("permits"."gas_tested_at" IS NULL) = ("permits"."gas_test_passed" IS NULL));--> statement-breakpoint
ALTER TABLE "work_types" ADD CONSTRAINT "work_types_gas_retest_minutes" CHECK ("work_types"."gas_retest_minutes" BETWEEN 15 AND 1440);--> statement-breakpoint
-- Every enterprise has the four default gases with the HSE's usual limits (docs/safety.md; shared DEFAULT_GASES):
-- those of today here, every new one by the trigger (whichever way it is created: sign-up, the admin, the demo).
-- A restore (ops/restore.ts) copies the enterprises' own gases: it sets openpermit.restoring and the trigger waits.
CREATE FUNCTION gases_seed_defaults(enterprise uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "gases" ("enterprise_id", "name", "unit", "low_limit", "high_limit", "position")
  VALUES (enterprise, 'O₂', '%', 19.5, 23.5, 0), (enterprise, 'Flammables', '% LEL', NULL, 10, 1),
    (enterprise, 'H₂S', 'ppm', NULL, 5, 2), (enterprise, 'CO', 'ppm', NULL, 25, 3)
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE FUNCTION gases_of_new_enterprise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('openpermit.restoring', true), '') <> 'on' THEN
    PERFORM gases_seed_defaults(NEW.id);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER enterprises_default_gases AFTER INSERT ON "enterprises" FOR EACH ROW EXECUTE FUNCTION gases_of_new_enterprise();--> statement-breakpoint
SELECT gases_seed_defaults(id) FROM "enterprises";
