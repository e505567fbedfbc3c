-- Hand-written: some actions recorded a participant as subject type 'user', the rest as
-- 'participant', so a filter on one missed the other. A participant is now always
-- 'participant' (AUDIT_SUBJECT_TYPES in the contract); staff stay 'user'. A row about a
-- participant is found by the subject's role, or, once the participant was deleted, by the
-- participant actions that wrote 'user'.
--
-- The trail is append-only: for this update only, its trigger also lets a row change from
-- 'user' to 'participant' with every other column as it was. The migration runs in one
-- transaction and restores the trigger function (migration 0021's) before it commits, so no
-- other session ever sees the exception.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.folded_minute IS NOT NULL
    AND NEW.repeat_count = OLD.repeat_count + 1
    AND to_jsonb(NEW) - 'repeat_count' = to_jsonb(OLD) - 'repeat_count' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.subject_type = 'user' AND NEW.subject_type = 'participant'
    AND to_jsonb(NEW) - 'subject_type' = to_jsonb(OLD) - 'subject_type' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
UPDATE "audit_log" SET "subject_type" = 'participant'
WHERE "subject_type" = 'user' AND (
  "subject_id" IN (SELECT "id" FROM "users" WHERE "role" = 'PARTICIPANT')
  OR "action" IN (
    'participant.invite', 'participant.remind', 'participant.suspend', 'participant.resume',
    'participant.delete', 'participant.type.update', 'nudge.view'
  )
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.folded_minute IS NOT NULL
    AND NEW.repeat_count = OLD.repeat_count + 1
    AND to_jsonb(NEW) - 'repeat_count' = to_jsonb(OLD) - 'repeat_count' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
