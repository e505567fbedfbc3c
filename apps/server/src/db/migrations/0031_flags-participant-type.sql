ALTER TABLE "clinical_flags" ADD COLUMN "participant_type" "participant_type";--> statement-breakpoint
-- Hand-written from here to the index: fill the new column before its index exists, then keep it
-- as the participant's type for as long as the account is a participant's (else null).
UPDATE "clinical_flags" AS f SET "participant_type" = u."participant_type"
  FROM "users" AS u WHERE u."id" = f."user_id" AND u."role" = 'PARTICIPANT';--> statement-breakpoint
-- A flag takes its participant's type as it is raised, and whatever else writes the column.
CREATE FUNCTION clinical_flags_copy_participant_type() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    NEW.participant_type := (
      SELECT CASE WHEN u.role = 'PARTICIPANT' THEN u.participant_type END
      FROM users AS u WHERE u.id = NEW.user_id);
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE TRIGGER clinical_flags_copy_participant_type
  BEFORE INSERT OR UPDATE OF user_id, participant_type ON clinical_flags
  FOR EACH ROW EXECUTE FUNCTION clinical_flags_copy_participant_type();--> statement-breakpoint
-- A participant whose type or role changes takes their flags along (the trigger above re-reads).
CREATE FUNCTION clinical_flags_follow_participant_type() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE clinical_flags SET participant_type = NULL WHERE user_id = NEW.id;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER clinical_flags_follow_participant_type
  AFTER UPDATE OF participant_type, role ON users
  FOR EACH ROW
  WHEN (OLD.participant_type IS DISTINCT FROM NEW.participant_type OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION clinical_flags_follow_participant_type();--> statement-breakpoint
-- Bulk loads turn ordinary triggers off (session_replication_role = replica, to skip foreign
-- key checks); these keep the copies true whatever writes the rows.
ALTER TABLE clinical_flags ENABLE ALWAYS TRIGGER clinical_flags_copy_participant_type;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER clinical_flags_follow_participant_type;--> statement-breakpoint
CREATE INDEX "clinical_flags_open_type_idx" ON "clinical_flags" USING btree ("participant_type") WHERE "clinical_flags"."status" = 'OPEN';
