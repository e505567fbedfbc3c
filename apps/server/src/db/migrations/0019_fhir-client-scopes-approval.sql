CREATE TYPE "public"."fhir_client_kind" AS ENUM('system', 'public');--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ADD COLUMN "kind" "fhir_client_kind" DEFAULT 'system' NOT NULL;--> statement-breakpoint
-- Hand-written (DESIGN §6): clients registered before scopes existed could ask for any read
-- scope, so they keep exactly that reach, system/*.read, and (approved_at staying null) await a
-- second administrator's approval before they get another token.
ALTER TABLE "fhir_backend_clients" ADD COLUMN "scopes" text[] DEFAULT '{system/*.read}' NOT NULL;--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ALTER COLUMN "scopes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ADD CONSTRAINT "fhir_backend_clients_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;