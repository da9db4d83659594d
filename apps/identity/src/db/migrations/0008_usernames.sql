ALTER TABLE "vendor_config" ADD COLUMN "sign_up_strategies" jsonb DEFAULT '[{"strategy":"email","isActive":true,"isRequired":true},{"strategy":"phoneNumber","isActive":false,"isRequired":false},{"strategy":"username","isActive":false,"isRequired":false}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_config" ADD COLUMN "activation_method" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));
