-- The list's text search uses trigram indexes (pg_trgm is a trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" varchar(40) NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_role" varchar(30),
	"actor_label" varchar(150),
	"enterprise_id" uuid,
	"action" varchar(80) NOT NULL,
	"object_type" varchar(40),
	"object_id" varchar(80),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64),
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_uq" ON "audit_log" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_log_enterprise_at_idx" ON "audit_log" USING btree ("enterprise_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm_idx" ON "suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permits_number_trgm_idx" ON "permits" USING gin ("document_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permits_title_trgm_idx" ON "permits" USING gin ("task_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permits_description_trgm_idx" ON "permits" USING gin ("job_description" gin_trgm_ops);--> statement-breakpoint
-- The audit trail is append-only: nothing may change or remove an entry (audit:verify still detects it if a
-- superuser disables this and does so).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
