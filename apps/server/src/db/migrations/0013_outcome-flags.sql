ALTER TYPE "public"."flag_source" ADD VALUE 'OUTCOME';--> statement-breakpoint
CREATE INDEX "survey_responses_submitted_idx" ON "survey_responses" USING btree ("submitted_at");