-- Multi-factor authentication: devices, login/step-up challenges (mfaToken), emailed/SMS codes,
-- recovery codes, remembered devices, the tenant MFA policy and the vendor's MFA strategies.
CREATE TABLE "mfa_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL CONSTRAINT "mfa_devices_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"secret" text,
	"phone_number" text,
	"last_used_step" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mfa_devices_user_idx" ON "mfa_devices" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL CONSTRAINT "mfa_challenges_token_hash_unique" UNIQUE,
	"user_id" uuid NOT NULL CONSTRAINT "mfa_challenges_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"tenant_id" uuid,
	"purpose" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"pending_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mfa_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"otc_token_hash" text NOT NULL CONSTRAINT "mfa_codes_otc_token_hash_unique" UNIQUE,
	"code_hash" text NOT NULL,
	"user_id" uuid NOT NULL CONSTRAINT "mfa_codes_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"challenge_id" uuid CONSTRAINT "mfa_codes_challenge_id_mfa_challenges_id_fk" REFERENCES "mfa_challenges"("id") ON DELETE cascade,
	"channel" text NOT NULL,
	"phone_number" text,
	"device_id" uuid,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mfa_codes_user_idx" ON "mfa_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL CONSTRAINT "mfa_recovery_codes_code_hash_unique" UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "mfa_trusted_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL CONSTRAINT "mfa_trusted_devices_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL CONSTRAINT "mfa_trusted_devices_token_hash_unique" UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mfa_trusted_devices_user_idx" ON "mfa_trusted_devices" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "mfa_policies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "mfa_policies_tenant_id_tenants_id_fk" REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"enforce_mfa_type" text NOT NULL,
	"allow_remember_my_device" boolean NOT NULL,
	"mfa_device_expiration" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_strategies" (
	"strategy" text PRIMARY KEY NOT NULL,
	"is_active" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "mfa_strategies" ("strategy", "is_active") VALUES
	('AuthenticatorApp', true),
	('SMS', true),
	('EmailCode', true),
	('WebAuthnPlatform', false),
	('WebAuthnCrossPlatform', false);
