CREATE TABLE "fhir_backend_clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fhir_client_assertions" (
	"client_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fhir_client_assertions_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
ALTER TABLE "fhir_backend_clients" ADD CONSTRAINT "fhir_backend_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_client_assertions" ADD CONSTRAINT "fhir_client_assertions_client_id_fhir_backend_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_backend_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_backend_clients_live_idx" ON "fhir_backend_clients" USING btree ("created_at") WHERE "fhir_backend_clients"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "fhir_client_assertions_expires_idx" ON "fhir_client_assertions" USING btree ("expires_at");