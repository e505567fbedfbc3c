ALTER TABLE "survey_responses" ADD COLUMN "scores" jsonb;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "survey_responses_unscored_idx" ON "survey_responses" USING btree ("id") WHERE "survey_responses"."submitted_at" is not null and "survey_responses"."scores" is null;--> statement-breakpoint
-- Hand-written: before this migration only the demo generator (seed and simulation) wrote
-- answers, so every answered response on file is demo data. Their `scores` are derived by the
-- server at start (core/surveys/stored-scores.ts), from the same instrument modules as reads.
UPDATE "survey_responses" SET "generated" = true WHERE "submitted_at" IS NOT NULL;
