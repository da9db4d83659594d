CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"plan_id" uuid,
	"feature_id" uuid,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_plan_or_feature" CHECK (("entitlements"."plan_id" is null) <> ("entitlements"."feature_id" is null))
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"on" boolean NOT NULL,
	"off_treatment" text DEFAULT 'false' NOT NULL,
	"default_treatment" text NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"linked_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"feature_flag" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "features_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"plan_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	CONSTRAINT "plan_features_plan_id_feature_id_pk" PRIMARY KEY("plan_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"default_treatment" text DEFAULT 'false' NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlements_tenant_id_user_id_index" ON "entitlements" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "plan_features_feature_id_index" ON "plan_features" USING btree ("feature_id");--> statement-breakpoint
-- SPEC section 9: the flags the SDK reads, with the defaults it names; the superuser console changes them.
INSERT INTO "feature_flags" ("key", "on", "default_treatment", "description") VALUES
	('admin_portal_ip_restrictions', true, 'true', 'IP restrictions in the Security section'),
	('admin_portal_domain_restrictions', true, 'true', 'Email-domain restrictions in the Security section'),
	('new-mfa-pages', true, 'true', 'The MFA pages of the login box'),
	('show-passkeys-new', true, 'true', 'Passkeys in the login box and the Privacy section'),
	('groups-admin-box-new', true, 'true', 'The Groups section'),
	('msp-all-accounts-new', true, 'true', 'The All accounts section'),
	('temporary-users', true, 'true', 'Temporary users (an expiration on an invitation)'),
	('security-center-show-login-flows', true, 'false', 'Sign-in flows in the security center'),
	('prevent-auth-redirect-on-social-login', true, 'false', 'No redirect after a social sign-in'),
	('multi-apps-admin-portal', true, 'false', 'Applications in the admin portal'),
	('admin_portal_should_load_authorization', true, 'false', 'The portal loads the authorization catalogue'),
	('admin_portal_use_current_user_tenants_v1_endpoint', true, 'false', 'The portal reads tenants with the v1 call');
