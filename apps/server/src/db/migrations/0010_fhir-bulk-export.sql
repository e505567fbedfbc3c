CREATE TYPE "public"."fhir_export_level" AS ENUM('system', 'patient', 'group');--> statement-breakpoint
CREATE TYPE "public"."fhir_export_status" AS ENUM('in-progress', 'completed', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "fhir_export_files" (
	"job_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_export_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" "fhir_export_status" NOT NULL,
	"level" "fhir_export_level" NOT NULL,
	"group_id" integer,
	"types" text[] NOT NULL,
	"since" timestamp with time zone,
	"requester_staff_id" integer,
	"requester_client_id" text,
	"request_url" text NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transaction_time" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fhir_export_files" ADD CONSTRAINT "fhir_export_files_job_id_fhir_export_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."fhir_export_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_export_files_job_idx" ON "fhir_export_files" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "fhir_export_jobs_expires_idx" ON "fhir_export_jobs" USING btree ("expires_at");