CREATE TABLE "stream_ticket_uses" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stream_ticket_uses_expires_idx" ON "stream_ticket_uses" USING btree ("expires_at");