ALTER TABLE "vendor_config" ADD COLUMN "admin_box" jsonb DEFAULT '{}'::jsonb NOT NULL;
