CREATE TABLE "saml_sp_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"certificate" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
