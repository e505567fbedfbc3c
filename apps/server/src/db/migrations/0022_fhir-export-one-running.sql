-- Hand-written: before the one-running-export-per-requester indexes, a requester's older
-- running exports end as failed (kept a day, so their polls say so), keeping the newest.
UPDATE "fhir_export_jobs" AS "job" SET "status" = 'failed', "expires_at" = now() + interval '24 hours'
WHERE "job"."status" = 'in-progress' AND EXISTS (
  SELECT 1 FROM "fhir_export_jobs" AS "newer"
  WHERE "newer"."status" = 'in-progress'
    AND "newer"."requester_staff_id" IS NOT DISTINCT FROM "job"."requester_staff_id"
    AND "newer"."requester_client_id" IS NOT DISTINCT FROM "job"."requester_client_id"
    AND ("newer"."created_at", "newer"."id") > ("job"."created_at", "job"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_export_jobs_running_staff_idx" ON "fhir_export_jobs" USING btree ("requester_staff_id") WHERE "fhir_export_jobs"."status" = 'in-progress';--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_export_jobs_running_client_idx" ON "fhir_export_jobs" USING btree ("requester_client_id") WHERE "fhir_export_jobs"."status" = 'in-progress';