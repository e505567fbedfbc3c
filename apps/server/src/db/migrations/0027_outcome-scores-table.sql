CREATE TABLE "outcome_scores" (
	"user_id" integer NOT NULL,
	"measure" text NOT NULL,
	"timepoint" "survey_timepoint" NOT NULL,
	"response_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"generated" boolean NOT NULL,
	CONSTRAINT "outcome_scores_user_id_measure_timepoint_pk" PRIMARY KEY("user_id","measure","timepoint")
);
--> statement-breakpoint
ALTER TABLE "outcome_scores" ADD CONSTRAINT "outcome_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_scores" ADD CONSTRAINT "outcome_scores_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outcome_scores_measure_idx" ON "outcome_scores" USING btree ("measure","timepoint","user_id");
--> statement-breakpoint
-- Hand-written from here. outcome_scores mirrors survey_responses.scores, one row per participant,
-- measure and timepoint from the latest submitted response with a score (as the chart shows it),
-- so the outcome aggregates read narrow rows instead of unpacking JSON and de-duplicating. Kept
-- by these statement-level triggers in the statement that changes survey_responses; never
-- written by the application. `user_ids` limits the refresh to the participants a statement
-- touched; a row whose source no longer gives that score (cleared, unsubmitted, moved) goes.
CREATE FUNCTION outcome_scores_refresh(user_ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  WITH wanted AS (
    SELECT DISTINCT ON (r.user_id, m.key, r.timepoint)
      r.user_id, m.key AS measure, r.timepoint, r.id AS response_id, m.value::float8 AS value,
      r.generated
    FROM survey_responses r
    CROSS JOIN LATERAL jsonb_each_text(r.scores) AS m(key, value)
    WHERE r.user_id = ANY(user_ids) AND r.submitted_at IS NOT NULL AND r.scores IS NOT NULL
      AND jsonb_typeof(r.scores) = 'object'
    ORDER BY r.user_id, m.key, r.timepoint, r.id DESC
  ),
  -- Disjoint from the rows the insert below updates, so one statement may do both.
  gone AS (
    DELETE FROM outcome_scores o
    WHERE o.user_id = ANY(user_ids) AND NOT EXISTS (
      SELECT 1 FROM wanted w
      WHERE w.user_id = o.user_id AND w.measure = o.measure AND w.timepoint = o.timepoint)
  )
  INSERT INTO outcome_scores (user_id, measure, timepoint, response_id, value, generated)
  SELECT user_id, measure, timepoint, response_id, value, generated FROM wanted
  ON CONFLICT (user_id, measure, timepoint) DO UPDATE
    SET response_id = excluded.response_id, value = excluded.value, generated = excluded.generated
    WHERE outcome_scores.response_id <> excluded.response_id
      OR outcome_scores.value <> excluded.value
      OR outcome_scores.generated <> excluded.generated;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION outcome_scores_after_write() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outcome_scores_refresh(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update refreshes both sides, should a response ever move to another participant.
CREATE FUNCTION outcome_scores_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outcome_scores_refresh(ARRAY(
    SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deleted response's mirror row goes with it (foreign key); an older response takes its place.
CREATE FUNCTION outcome_scores_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outcome_scores_refresh(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outcome_scores_insert AFTER INSERT ON survey_responses
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION outcome_scores_after_write();
--> statement-breakpoint
CREATE TRIGGER outcome_scores_update AFTER UPDATE ON survey_responses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION outcome_scores_after_update();
--> statement-breakpoint
CREATE TRIGGER outcome_scores_delete AFTER DELETE ON survey_responses
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION outcome_scores_after_delete();
--> statement-breakpoint
-- Bulk loads (the demo seed, seed-scale) turn ordinary triggers off (session_replication_role =
-- replica, to skip foreign key checks); these keep the mirror true whatever writes the rows.
ALTER TABLE survey_responses ENABLE ALWAYS TRIGGER outcome_scores_insert;--> statement-breakpoint
ALTER TABLE survey_responses ENABLE ALWAYS TRIGGER outcome_scores_update;--> statement-breakpoint
ALTER TABLE survey_responses ENABLE ALWAYS TRIGGER outcome_scores_delete;
--> statement-breakpoint
-- Scores stored before this migration (the server derives missing ones at start, which the
-- update trigger then mirrors).
SELECT outcome_scores_refresh(ARRAY(
  SELECT DISTINCT user_id FROM survey_responses
  WHERE submitted_at IS NOT NULL AND scores IS NOT NULL));
