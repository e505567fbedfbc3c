CREATE TYPE "public"."pain_body_site" AS ENUM('LEFT_KNEE', 'RIGHT_KNEE', 'LEFT_HIP', 'RIGHT_HIP', 'LEFT_SHOULDER', 'RIGHT_SHOULDER', 'LOWER_BACK', 'CHEST', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."pain_log_source" AS ENUM('CLINICIAN', 'PARTICIPANT', 'SIMULATION');--> statement-breakpoint
CREATE TYPE "public"."surgery_procedure" AS ENUM('TOTAL_KNEE_REPLACEMENT', 'PARTIAL_KNEE_REPLACEMENT', 'TOTAL_HIP_REPLACEMENT', 'HIP_RESURFACING', 'ACL_RECONSTRUCTION', 'MENISCUS_REPAIR', 'ROTATOR_CUFF_REPAIR', 'TOTAL_SHOULDER_REPLACEMENT', 'SPINAL_FUSION', 'CORONARY_ARTERY_BYPASS_GRAFT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."surgery_side" AS ENUM('LEFT', 'RIGHT', 'BILATERAL', 'NOT_APPLICABLE');--> statement-breakpoint
CREATE TABLE "imaging_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"surgery_id" integer NOT NULL,
	"original_name" text NOT NULL,
	"content_sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"modality" text,
	"study_date" date,
	"study_description" text,
	"series_description" text,
	"rows" integer,
	"columns" integer,
	"instance_number" integer,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imaging_files_sha256_hex" CHECK ("imaging_files"."content_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "pain_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"body_site" "pain_body_site" NOT NULL,
	"note" text,
	"source" "pain_log_source" NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pain_logs_score_range" CHECK ("pain_logs"."score" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "simulation_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"surgery_id" integer,
	"enrolled_by" integer,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_date" date NOT NULL,
	"surgery_date" date NOT NULL,
	"current_run_date" date NOT NULL,
	CONSTRAINT "simulation_enrolments_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "simulation_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"duration_days" integer NOT NULL,
	"procedure" "surgery_procedure" NOT NULL,
	CONSTRAINT "simulation_programs_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "simulation_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"current_run_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulation_state_single_row" CHECK ("simulation_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "surgeries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"procedure" "surgery_procedure" NOT NULL,
	"side" "surgery_side" NOT NULL,
	"surgery_date" date NOT NULL,
	"surgeon" text NOT NULL,
	"hospital" text NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surgeries_id_user_unique" UNIQUE("id","user_id")
);
--> statement-breakpoint
ALTER TABLE "imaging_files" ADD CONSTRAINT "imaging_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_files" ADD CONSTRAINT "imaging_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_files" ADD CONSTRAINT "imaging_files_surgery_fk" FOREIGN KEY ("surgery_id","user_id") REFERENCES "public"."surgeries"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pain_logs" ADD CONSTRAINT "pain_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pain_logs" ADD CONSTRAINT "pain_logs_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_enrolments" ADD CONSTRAINT "simulation_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_enrolments" ADD CONSTRAINT "simulation_enrolments_program_id_simulation_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."simulation_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_enrolments" ADD CONSTRAINT "simulation_enrolments_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_enrolments" ADD CONSTRAINT "simulation_enrolments_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imaging_files_surgery_idx" ON "imaging_files" USING btree ("surgery_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "imaging_files_sha_idx" ON "imaging_files" USING btree ("content_sha256");--> statement-breakpoint
CREATE INDEX "pain_logs_user_time_idx" ON "pain_logs" USING btree ("user_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "surgeries_user_date_idx" ON "surgeries" USING btree ("user_id","surgery_date");--> statement-breakpoint
-- The simulation's programmes (mirrored by SIMULATION_PROGRAM_DEFINITIONS in features/simulation).
INSERT INTO "simulation_programs" ("code", "name", "description", "duration_days", "procedure") VALUES
  ('KNEE_REPLACEMENT_12W', 'Knee replacement recovery (12 weeks)', 'Preparation before a total knee replacement and twelve weeks of recovery after it: activity, sleep, weight, pain and mood telemetry, daily nudges, coach conversations and the KOOS JR, PROMIS and pain surveys.', 84, 'TOTAL_KNEE_REPLACEMENT'),
  ('HIP_REPLACEMENT_12W', 'Hip replacement recovery (12 weeks)', 'Preparation before a total hip replacement and twelve weeks of recovery after it: activity, sleep, weight, pain and mood telemetry, daily nudges, coach conversations and the PROMIS and pain surveys.', 84, 'TOTAL_HIP_REPLACEMENT'),
  ('CARDIAC_REHAB_12W', 'Cardiac rehab (12 weeks)', 'Cardiac rehabilitation around coronary artery bypass surgery: graded activity, blood pressure, sleep, mood and chest pain check-ins, nudges and coach conversations.', 84, 'CORONARY_ARTERY_BYPASS_GRAFT')
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- The simulation clock: a null current_run_date follows today (UTC).
INSERT INTO "simulation_state" ("id", "current_run_date") VALUES (1, NULL) ON CONFLICT ("id") DO NOTHING;
