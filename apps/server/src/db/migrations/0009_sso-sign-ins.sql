CREATE TABLE "sso_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"browser_key_hash" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" integer,
	"id_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sso_sign_ins_browser_key_hash_unique" UNIQUE("browser_key_hash")
);
--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_sign_ins_expires_at_idx" ON "sso_sign_ins" USING btree ("expires_at");