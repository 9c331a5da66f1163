CREATE TABLE "mail_allowances" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mail_allowances_sent" CHECK ("mail_allowances"."sent" > 0)
);
