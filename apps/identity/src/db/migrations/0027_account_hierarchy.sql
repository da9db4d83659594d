ALTER TABLE "tenants" ADD COLUMN "parent_tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sub_account_access_type" text DEFAULT 'defaultOff' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "allow_sub_account_access" boolean;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_parent_tenant_id_tenants_id_fk" FOREIGN KEY ("parent_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenants_parent_idx" ON "tenants" USING btree ("parent_tenant_id");