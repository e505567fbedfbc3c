CREATE TABLE "care_team_digest_flags" (
	"recipient_id" integer NOT NULL,
	"flag_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_team_digest_flags_recipient_id_flag_id_pk" PRIMARY KEY("recipient_id","flag_id")
);
--> statement-breakpoint
CREATE TABLE "care_team_digests" (
	"recipient_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"title" text NOT NULL,
	"due_on" date NOT NULL,
	"assignee_id" integer,
	"note" text,
	"flag_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_by" integer,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "responsible_clinician_id" integer;--> statement-breakpoint
ALTER TABLE "care_team_digest_flags" ADD CONSTRAINT "care_team_digest_flags_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_digest_flags" ADD CONSTRAINT "care_team_digest_flags_flag_id_clinical_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."clinical_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_digests" ADD CONSTRAINT "care_team_digests_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_flag_id_clinical_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."clinical_flags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_team_digest_flags_flag_idx" ON "care_team_digest_flags" USING btree ("flag_id");--> statement-breakpoint
CREATE INDEX "tasks_open_assignee_idx" ON "tasks" USING btree ("assignee_id","due_on","id") WHERE "tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_open_participant_idx" ON "tasks" USING btree ("participant_id","due_on") WHERE "tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_participant_idx" ON "tasks" USING btree ("participant_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_responsible_clinician_id_users_id_fk" FOREIGN KEY ("responsible_clinician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_responsible_clinician_idx" ON "users" USING btree ("responsible_clinician_id","participant_type","id") WHERE "users"."responsible_clinician_id" is not null;