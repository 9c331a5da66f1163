ALTER TABLE "credit_transactions" DROP CONSTRAINT "credit_transactions_recorded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "permit_events" DROP CONSTRAINT "permit_events_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "permits" DROP CONSTRAINT "permits_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "permits" DROP CONSTRAINT "permits_verified_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "permits" DROP CONSTRAINT "permits_approved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;