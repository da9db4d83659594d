CREATE INDEX "refresh_token_families_created_idx" ON "refresh_token_families" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_ended_idx" ON "refresh_tokens" USING btree (least("expires_at", "rotated_at"));--> statement-breakpoint
CREATE INDEX "one_time_tokens_ended_idx" ON "one_time_tokens" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "passwordless_codes_ended_idx" ON "passwordless_codes" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "sms_recovery_sessions_ended_idx" ON "sms_recovery_sessions" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "oauth_authorization_codes_ended_idx" ON "oauth_authorization_codes" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "mfa_challenges_ended_idx" ON "mfa_challenges" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "mfa_codes_ended_idx" ON "mfa_codes" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "mfa_trusted_devices_expires_idx" ON "mfa_trusted_devices" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_ended_idx" ON "webauthn_challenges" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "phone_number_changes_ended_idx" ON "phone_number_changes" USING btree (least("expires_at", "used_at"));--> statement-breakpoint
CREATE INDEX "profile_verifications_ended_idx" ON "profile_verifications" USING btree (least("expires_at", "used_at"));