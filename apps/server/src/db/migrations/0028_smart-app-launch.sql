CREATE TABLE "smart_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"redirect_uri" text NOT NULL,
	"state" text NOT NULL,
	"code_challenge" text NOT NULL,
	"scopes" text[] NOT NULL,
	"browser_hash" text NOT NULL,
	"user_id" integer,
	"code_hash" text,
	"code_used_at" timestamp with time zone,
	"grant_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_authorizations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "smart_refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"grant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ALTER COLUMN "public_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ADD COLUMN "redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_authorizations" ADD CONSTRAINT "smart_authorizations_client_id_fhir_backend_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_backend_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_authorizations" ADD CONSTRAINT "smart_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_authorizations" ADD CONSTRAINT "smart_authorizations_grant_id_smart_app_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."smart_app_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_refresh_tokens" ADD CONSTRAINT "smart_refresh_tokens_grant_id_smart_app_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."smart_app_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_authorizations_expires_idx" ON "smart_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "smart_refresh_tokens_grant_idx" ON "smart_refresh_tokens" USING btree ("grant_id");--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ADD CONSTRAINT "fhir_backend_clients_key_check" CHECK ("fhir_backend_clients"."kind" = 'public' or "fhir_backend_clients"."public_key" is not null);