CREATE TYPE "public"."signature_kind" AS ENUM('verify', 'approve', 'handBack');--> statement-breakpoint
ALTER TYPE "public"."permit_event_action" ADD VALUE 'handBack' BEFORE 'cancel';--> statement-breakpoint
CREATE TABLE "permit_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permit_id" uuid NOT NULL,
	"kind" "signature_kind" NOT NULL,
	"signer_id" uuid NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"language" varchar(2) NOT NULL,
	"declaration" text NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "permit_signatures_hash_hex" CHECK ("permit_signatures"."content_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "permit_signatures_language" CHECK ("permit_signatures"."language" IN ('en', 'fr'))
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "purpose" varchar(20) DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "closed_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "closed_out_by" uuid;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "close_out" jsonb;--> statement-breakpoint
ALTER TABLE "permit_signatures" ADD CONSTRAINT "permit_signatures_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_signatures" ADD CONSTRAINT "permit_signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permit_signatures_permit_idx" ON "permit_signatures" USING btree ("permit_id","signed_at");--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_closed_out_by_users_id_fk" FOREIGN KEY ("closed_out_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_user_purpose_idx" ON "auth_attempts" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_purpose" CHECK ("auth_attempts"."purpose" IN ('sign_in', 'signature'));--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_close_out_whole" CHECK (("permits"."closed_out_at" IS NULL AND "permits"."close_out" IS NULL) OR ("permits"."closed_out_at" IS NOT NULL AND "permits"."close_out" IS NOT NULL
        AND ("permits"."close_out"->>'areaSafe')::boolean AND ("permits"."close_out"->>'toolsRemoved')::boolean
        AND ("permits"."close_out"->>'peopleOut')::boolean));