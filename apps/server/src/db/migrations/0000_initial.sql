CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."activity_kind" AS ENUM('APP_SESSION', 'COACH_CHAT', 'COACH_CALL', 'NUDGE_OPEN');--> statement-breakpoint
CREATE TYPE "public"."clinical_record_category" AS ENUM('LAB_RESULT', 'MEDICATION', 'ALLERGY', 'ED_VISIT', 'CONSULT', 'HOSPITALIZATION');--> statement-breakpoint
CREATE TYPE "public"."measurement_source" AS ENUM('HOME', 'CLINIC');--> statement-breakpoint
CREATE TYPE "public"."nudge_feedback" AS ENUM('THUMBS_UP', 'THUMBS_DOWN');--> statement-breakpoint
CREATE TYPE "public"."nudge_status" AS ENUM('ACTIVE', 'INACTIVE', 'PENDING', 'COMPLETED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."survey_timepoint" AS ENUM('PRE_OP', 'WEEK_6', 'MONTH_3', 'MONTH_6', 'MONTH_12');--> statement-breakpoint
CREATE TYPE "public"."participant_type" AS ENUM('Internal', 'Pilot', 'Demo');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('CLINICIAN', 'ADMINISTRATOR', 'PARTICIPANT');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('ACTIVATED', 'PENDING_ACTIVATION', 'SUSPENDED');--> statement-breakpoint
CREATE TABLE "participant_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "activity_kind" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_app_open" timestamp with time zone,
	"active_session_count" integer DEFAULT 0 NOT NULL,
	"coach_chat_count" integer DEFAULT 0 NOT NULL,
	"coach_call_count" integer DEFAULT 0 NOT NULL,
	"nudge_open_count" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"details" jsonb,
	"client_address" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"client_address" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_address" text,
	"user_agent" text,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "clinical_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category" "clinical_record_category" NOT NULL,
	"title" text NOT NULL,
	"detail" text,
	"recorded_on" date
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"summary" text NOT NULL,
	"patient_summary" text DEFAULT '' NOT NULL,
	"markers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_best_action" text,
	"next_visit_date" date,
	"search_text" text GENERATED ALWAYS AS (lower("conversations"."summary")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_twins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marker_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text,
	"topic" text,
	"marker_name" text,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"value" real NOT NULL,
	"unit" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"source" "measurement_source" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nudges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"target_date" date NOT NULL,
	"send_time" time NOT NULL,
	"tracking_type" "nudge_status" NOT NULL,
	"feedback_type" "nudge_feedback",
	"opened_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower("nudges"."title" || ' ' || "nudges"."content")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"timepoint" "survey_timepoint" NOT NULL,
	"target_date" date NOT NULL,
	"submitted_at" timestamp with time zone,
	"answers" jsonb,
	"score" real,
	"not_applicable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"questions" jsonb NOT NULL,
	CONSTRAINT "surveys_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "user_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" "role" NOT NULL,
	"status" "user_status" NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone_number" text,
	"dea_reg_id" text,
	"participant_type" "participant_type",
	"group_id" integer,
	"birth_date" date,
	"gender" text,
	"height_cm" real,
	"tracker" text,
	"allow_demo_mode" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"next_remind_date" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower("users"."first_name" || ' ' || "users"."last_name" || ' ' || "users"."email")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participant_activity" ADD CONSTRAINT "participant_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_stats" ADD CONSTRAINT "participant_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_records" ADD CONSTRAINT "clinical_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_twins" ADD CONSTRAINT "digital_twins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marker_memberships" ADD CONSTRAINT "marker_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_activity_user_time_idx" ON "participant_activity" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "participant_stats_last_app_open_idx" ON "participant_stats" USING btree ("last_app_open","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_sessions_idx" ON "participant_stats" USING btree ("active_session_count","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_chats_idx" ON "participant_stats" USING btree ("coach_chat_count","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_calls_idx" ON "participant_stats" USING btree ("coach_call_count","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_nudge_opens_idx" ON "participant_stats" USING btree ("nudge_open_count","user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_address_idx" ON "login_attempts" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "login_codes_active_idx" ON "login_codes" USING btree ("user_id","expires_at") WHERE "login_codes"."used_at" is null;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clinical_records_user_idx" ON "clinical_records" USING btree ("user_id","category");--> statement-breakpoint
CREATE INDEX "conversations_user_idx" ON "conversations" USING btree ("user_id","ended_at");--> statement-breakpoint
CREATE INDEX "conversations_created_idx" ON "conversations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "conversations_search_trgm_idx" ON "conversations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marker_memberships_user_idx" ON "marker_memberships" USING btree ("user_id","valid_from");--> statement-breakpoint
CREATE INDEX "segments_user_idx" ON "segments" USING btree ("user_id","valid_from");--> statement-breakpoint
CREATE INDEX "measurements_user_code_time_idx" ON "measurements" USING btree ("user_id","code","measured_at");--> statement-breakpoint
CREATE INDEX "nudges_user_idx" ON "nudges" USING btree ("user_id","target_date");--> statement-breakpoint
CREATE INDEX "nudges_target_date_idx" ON "nudges" USING btree ("target_date","id");--> statement-breakpoint
CREATE INDEX "nudges_search_trgm_idx" ON "nudges" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "survey_responses_user_idx" ON "survey_responses" USING btree ("user_id","survey_id","timepoint");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_dea_reg_id_unique" ON "users" USING btree ("dea_reg_id") WHERE "users"."dea_reg_id" is not null;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_participant_filter_idx" ON "users" USING btree ("participant_type","status") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
CREATE INDEX "users_participant_first_name_idx" ON "users" USING btree ("participant_type","first_name","id") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
CREATE INDEX "users_participant_email_idx" ON "users" USING btree ("participant_type","email","id") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
CREATE INDEX "users_participant_joined_idx" ON "users" USING btree ("participant_type","joined_at","id") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
