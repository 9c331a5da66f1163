CREATE TABLE "worker_cards" (
	"worker_id" uuid PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "worker_cards" ADD CONSTRAINT "worker_cards_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "worker_cards_token_uq" ON "worker_cards" USING btree ("token");