CREATE INDEX "invitations_ended_idx" ON "invitations" USING btree (least("expires_at", "accepted_at"));--> statement-breakpoint
CREATE INDEX "webhook_deliveries_ended_idx" ON "webhook_deliveries" USING btree ("updated_at") WHERE "webhook_deliveries"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "webhook_logs_created_idx" ON "webhook_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "billing_setup_intents_ended_idx" ON "billing_setup_intents" USING btree (least("expires_at", "used_at"));