CREATE TYPE "public"."flag_severity" AS ENUM('CRITICAL', 'HIGH', 'MODERATE');--> statement-breakpoint
CREATE TYPE "public"."flag_source" AS ENUM('CONVERSATION', 'THRESHOLD');--> statement-breakpoint
CREATE TYPE "public"."flag_status" AS ENUM('OPEN', 'ACKNOWLEDGED');--> statement-breakpoint
CREATE TABLE "clinical_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" "flag_source" NOT NULL,
	"severity" "flag_severity" NOT NULL,
	"rule" text NOT NULL,
	"matched_text" text NOT NULL,
	"value" real,
	"conversation_id" integer,
	"message_index" smallint,
	"dedupe_key" text NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"status" "flag_status" DEFAULT 'OPEN' NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledgement_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_thresholds" (
	"user_id" integer NOT NULL,
	"rule" text NOT NULL,
	"value" real NOT NULL,
	"days" smallint,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_thresholds_user_id_rule_pk" PRIMARY KEY("user_id","rule")
);
--> statement-breakpoint
CREATE TABLE "participant_triage" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"open_flag_count" integer DEFAULT 0 NOT NULL,
	"top_open_severity" "flag_severity",
	"last_reviewed_at" timestamp with time zone,
	"last_reviewed_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triage_scan_state" (
	"source" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participant_stats" ADD COLUMN "last_telemetry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinical_flags" ADD CONSTRAINT "clinical_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_flags" ADD CONSTRAINT "clinical_flags_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_flags" ADD CONSTRAINT "clinical_flags_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_thresholds" ADD CONSTRAINT "participant_thresholds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_thresholds" ADD CONSTRAINT "participant_thresholds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_triage" ADD CONSTRAINT "participant_triage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_triage" ADD CONSTRAINT "participant_triage_last_reviewed_by_users_id_fk" FOREIGN KEY ("last_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_flags_dedupe_unique" ON "clinical_flags" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "clinical_flags_open_queue_idx" ON "clinical_flags" USING btree ("severity","detected_at","id") WHERE "clinical_flags"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "clinical_flags_user_idx" ON "clinical_flags" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "clinical_flags_conversation_idx" ON "clinical_flags" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "participant_triage_flags_idx" ON "participant_triage" USING btree ("top_open_severity","open_flag_count","user_id");--> statement-breakpoint
CREATE INDEX "participant_triage_reviewed_idx" ON "participant_triage" USING btree ("last_reviewed_at","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_last_telemetry_idx" ON "participant_stats" USING btree ("last_telemetry_at","user_id");