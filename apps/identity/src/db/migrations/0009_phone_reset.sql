-- Phone number changes (issue 3, SPEC section 4 "Phone reset"): a reset proven by an emailed code, then a
-- single-use change token; a signed-in change proven by a code texted to the new number.
CREATE TABLE "phone_number_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL CONSTRAINT "phone_number_changes_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE cascade,
	"purpose" text NOT NULL,
	"token_hash" text CONSTRAINT "phone_number_changes_token_hash_unique" UNIQUE,
	"code_hash" text NOT NULL,
	"phone_number" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"change_token_hash" text CONSTRAINT "phone_number_changes_change_token_hash_unique" UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "phone_number_changes_user_idx" ON "phone_number_changes" USING btree ("user_id");
