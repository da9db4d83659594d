-- The SDK calls that had no endpoint yet (issue 4): a tenant's groups configuration
-- (POST/GET /identity/resources/groups/v1/config). No row means both switches on.
CREATE TABLE "group_configs" (
	"tenant_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "group_configs_tenant_id_tenants_id_fk" REFERENCES "tenants"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT true NOT NULL,
	"roles_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
