CREATE TABLE "smart_app_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "smart_app_grants" ADD CONSTRAINT "smart_app_grants_client_id_fhir_backend_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_backend_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_app_grants" ADD CONSTRAINT "smart_app_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_app_grants_user_idx" ON "smart_app_grants" USING btree ("user_id") WHERE "smart_app_grants"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "smart_app_grants_client_idx" ON "smart_app_grants" USING btree ("client_id");