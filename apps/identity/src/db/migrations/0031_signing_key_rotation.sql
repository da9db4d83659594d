ALTER TABLE "signing_keys" ALTER COLUMN "private_jwk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "sealed_private_jwk" text;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "activates_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Keys written before rotation existed have signed since they were created.
UPDATE "signing_keys" SET "activates_at" = "created_at";
