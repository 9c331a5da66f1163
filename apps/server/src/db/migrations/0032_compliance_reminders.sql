CREATE TABLE "compliance_reminders" (
	"evidence_id" uuid NOT NULL,
	"stage" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_reminders_evidence_id_stage_pk" PRIMARY KEY("evidence_id","stage"),
	CONSTRAINT "compliance_reminders_stage" CHECK ("compliance_reminders"."stage" IN (1, 2))
);
--> statement-breakpoint
ALTER TABLE "compliance_reminders" ADD CONSTRAINT "compliance_reminders_evidence_id_compliance_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."compliance_evidence"("id") ON DELETE cascade ON UPDATE no action;