-- A new type rather than ALTER TYPE ... ADD VALUE: before PostgreSQL 17 a value added that way cannot be used in the transaction that added it, and a restore migrates and loads its rows in one transaction.
ALTER TYPE "public"."flag_source" RENAME TO "flag_source_before_outcome";--> statement-breakpoint
CREATE TYPE "public"."flag_source" AS ENUM('CONVERSATION', 'THRESHOLD', 'OUTCOME');--> statement-breakpoint
ALTER TABLE "clinical_flags" ALTER COLUMN "source" SET DATA TYPE "public"."flag_source" USING "source"::text::"public"."flag_source";--> statement-breakpoint
DROP TYPE "public"."flag_source_before_outcome";--> statement-breakpoint
CREATE INDEX "survey_responses_submitted_idx" ON "survey_responses" USING btree ("submitted_at");
