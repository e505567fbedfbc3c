CREATE TYPE "public"."coach_message_sender" AS ENUM('PARTICIPANT', 'COACH');--> statement-breakpoint
CREATE TABLE "coach_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" "coach_message_sender" NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"in_response_to" bigint,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_write_identifiers" (
	"user_id" integer NOT NULL,
	"resource_type" text NOT NULL,
	"system" text NOT NULL,
	"value" text NOT NULL,
	"resource_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fhir_write_identifiers_user_id_resource_type_system_value_pk" PRIMARY KEY("user_id","resource_type","system","value")
);
--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "stored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "stored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_client_id_fhir_backend_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_backend_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_write_identifiers" ADD CONSTRAINT "fhir_write_identifiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_messages_user_time_idx" ON "coach_messages" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "coach_messages_conversation_idx" ON "coach_messages" USING btree ("conversation_id");