CREATE TABLE "participant_record_counts" (
	"record_table" text NOT NULL,
	"participant_type" "participant_type",
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "participant_record_counts_key_idx" ON "participant_record_counts" USING btree ("record_table","participant_type");--> statement-breakpoint
CREATE INDEX "users_participant_name_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"),"id") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
-- Hand-written from here: the counts of the rows already there, then the triggers that keep them.
INSERT INTO "participant_record_counts" ("record_table", "participant_type", "n")
  SELECT 'nudges', u."participant_type", count(*)
  FROM "nudges" AS r JOIN "users" AS u ON u."id" = r."user_id"
  WHERE u."role" = 'PARTICIPANT' GROUP BY 2
  UNION ALL
  SELECT 'conversations', u."participant_type", count(*)
  FROM "conversations" AS r JOIN "users" AS u ON u."id" = r."user_id"
  WHERE u."role" = 'PARTICIPANT' GROUP BY 2;--> statement-breakpoint
-- Applies changes (one per key) to participant_record_counts: folds the rows of each changed key
-- that this transaction can lock (SKIP LOCKED: rows another open transaction is folding stay for
-- a later fold, so concurrent writers never wait for each other) into one row plus the change.
-- A null participant_type is a key of its own: participants without a type.
CREATE FUNCTION participant_record_counts_apply(changes jsonb) RETURNS void
  LANGUAGE sql AS $$
    WITH change AS (
      SELECT c.record_table, c.participant_type, c.delta
      FROM jsonb_to_recordset(changes)
        AS c(record_table text, participant_type participant_type, delta integer)
    ), folded AS (
      DELETE FROM participant_record_counts AS s
      WHERE s.ctid = ANY (ARRAY(
        SELECT k.ctid FROM participant_record_counts AS k
        JOIN change AS c ON c.record_table = k.record_table
          AND c.participant_type IS NOT DISTINCT FROM k.participant_type
        FOR UPDATE OF k SKIP LOCKED))
      RETURNING s.record_table, s.participant_type, s.n
    )
    INSERT INTO participant_record_counts (record_table, participant_type, n)
    SELECT c.record_table, c.participant_type, c.delta + coalesce(sum(f.n), 0)
    FROM change AS c LEFT JOIN folded AS f ON f.record_table = c.record_table
      AND f.participant_type IS NOT DISTINCT FROM c.participant_type
    GROUP BY c.record_table, c.participant_type, c.delta
    HAVING c.delta + coalesce(sum(f.n), 0) <> 0
  $$;--> statement-breakpoint
-- The nudges or conversations rows a statement changed, by their participant's type. Rows of a
-- participant being deleted find no participant here: the participant's deletion has already
-- taken them off (participant_record_counts_follow_user_delete).
CREATE FUNCTION participant_record_counts_follow_records() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    changes jsonb;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT jsonb_agg(d) INTO changes FROM (
        SELECT TG_TABLE_NAME AS record_table, u.participant_type, count(*) AS delta
        FROM new_rows AS r JOIN users AS u ON u.id = r.user_id
        WHERE u.role = 'PARTICIPANT'
        GROUP BY u.participant_type) AS d;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT jsonb_agg(d) INTO changes FROM (
        SELECT TG_TABLE_NAME AS record_table, u.participant_type, -count(*) AS delta
        FROM old_rows AS r JOIN users AS u ON u.id = r.user_id
        WHERE u.role = 'PARTICIPANT'
        GROUP BY u.participant_type) AS d;
    ELSE
      SELECT jsonb_agg(d) INTO changes FROM (
        SELECT TG_TABLE_NAME AS record_table, u.participant_type, sum(m.sign) AS delta
        FROM (
          SELECT n.user_id, 1 AS sign FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
          WHERE o.user_id <> n.user_id
          UNION ALL
          SELECT o.user_id, -1 FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
          WHERE o.user_id <> n.user_id
        ) AS m JOIN users AS u ON u.id = m.user_id
        WHERE u.role = 'PARTICIPANT'
        GROUP BY u.participant_type
        HAVING sum(m.sign) <> 0) AS d;
    END IF;
    IF changes IS NOT NULL THEN
      PERFORM participant_record_counts_apply(changes);
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER participant_record_counts_insert AFTER INSERT ON nudges
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_follow_records();--> statement-breakpoint
CREATE TRIGGER participant_record_counts_update AFTER UPDATE ON nudges
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_follow_records();--> statement-breakpoint
CREATE TRIGGER participant_record_counts_delete AFTER DELETE ON nudges
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_follow_records();--> statement-breakpoint
CREATE TRIGGER participant_record_counts_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_follow_records();--> statement-breakpoint
CREATE TRIGGER participant_record_counts_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_follow_records();--> statement-breakpoint
CREATE TRIGGER participant_record_counts_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_follow_records();--> statement-breakpoint
-- Moves the nudges and conversations of users whose role or type a statement changed to their
-- new key. The share locks wait for writers of nudges or conversations still open (they counted
-- the old type; the recount below then sees their rows) and hold new ones until this transaction
-- commits (they then read the new type). Type changes are rare staff actions.
CREATE FUNCTION participant_record_counts_follow_users() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    changes jsonb;
  BEGIN
    IF NOT EXISTS (
      SELECT FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE 'PARTICIPANT' IN (o.role, n.role)
        AND (o.role, o.participant_type) IS DISTINCT FROM (n.role, n.participant_type)) THEN
      RETURN NULL;
    END IF;
    LOCK TABLE nudges, conversations IN SHARE MODE;
    SELECT jsonb_agg(d) INTO changes FROM (
      WITH moved AS (
        SELECT n.id, n.participant_type, 1 AS sign
        FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
        WHERE n.role = 'PARTICIPANT'
          AND (o.role, o.participant_type) IS DISTINCT FROM (n.role, n.participant_type)
        UNION ALL
        SELECT o.id, o.participant_type, -1
        FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
        WHERE o.role = 'PARTICIPANT'
          AND (o.role, o.participant_type) IS DISTINCT FROM (n.role, n.participant_type)
      )
      SELECT c.record_table, c.participant_type, sum(c.delta) AS delta
      FROM (
        SELECT 'nudges' AS record_table, m.participant_type,
          m.sign * (SELECT count(*) FROM nudges AS r WHERE r.user_id = m.id) AS delta
        FROM moved AS m
        UNION ALL
        SELECT 'conversations', m.participant_type,
          m.sign * (SELECT count(*) FROM conversations AS r WHERE r.user_id = m.id)
        FROM moved AS m
      ) AS c
      GROUP BY c.record_table, c.participant_type
      HAVING sum(c.delta) <> 0) AS d;
    IF changes IS NOT NULL THEN
      PERFORM participant_record_counts_apply(changes);
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER participant_record_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_follow_users();--> statement-breakpoint
-- A participant's deletion takes its nudges and conversations off before the cascade deletes
-- them. The row is locked by then: writers of its rows that are still open have committed (their
-- foreign key check holds a key share lock), later ones fail their check.
CREATE FUNCTION participant_record_counts_follow_user_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    changes jsonb;
  BEGIN
    IF OLD.role = 'PARTICIPANT' THEN
      SELECT jsonb_agg(d) INTO changes FROM (
        SELECT 'nudges' AS record_table, OLD.participant_type AS participant_type,
          -count(*) AS delta
        FROM nudges AS r WHERE r.user_id = OLD.id
        HAVING count(*) > 0
        UNION ALL
        SELECT 'conversations', OLD.participant_type, -count(*)
        FROM conversations AS r WHERE r.user_id = OLD.id
        HAVING count(*) > 0) AS d;
      IF changes IS NOT NULL THEN
        PERFORM participant_record_counts_apply(changes);
      END IF;
    END IF;
    RETURN OLD;
  END $$;--> statement-breakpoint
CREATE TRIGGER participant_record_counts_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION participant_record_counts_follow_user_delete();--> statement-breakpoint
-- Recounts from nudges and conversations. Deleting counts other than through the triggers above
-- (by hand, or a test emptying every table) would leave them wrong: the counts are rebuilt
-- instead. A truncate of nudges or conversations drops their counts.
CREATE FUNCTION participant_record_counts_recount() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    -- Deeper than 1: a fold inside the triggers above, or the truncate below.
    IF pg_trigger_depth() > 1 THEN
      RETURN NULL;
    END IF;
    IF TG_TABLE_NAME = 'participant_record_counts' THEN
      DELETE FROM participant_record_counts;
      INSERT INTO participant_record_counts (record_table, participant_type, n)
        SELECT 'nudges', u.participant_type, count(*)
        FROM nudges AS r JOIN users AS u ON u.id = r.user_id
        WHERE u.role = 'PARTICIPANT' GROUP BY 2
        UNION ALL
        SELECT 'conversations', u.participant_type, count(*)
        FROM conversations AS r JOIN users AS u ON u.id = r.user_id
        WHERE u.role = 'PARTICIPANT' GROUP BY 2;
    ELSE
      DELETE FROM participant_record_counts WHERE record_table = TG_TABLE_NAME;
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER participant_record_counts_recount AFTER DELETE ON participant_record_counts
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_recount();--> statement-breakpoint
CREATE TRIGGER participant_record_counts_truncate AFTER TRUNCATE ON nudges
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_recount();--> statement-breakpoint
CREATE TRIGGER participant_record_counts_truncate AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION participant_record_counts_recount();--> statement-breakpoint
-- Bulk loads turn ordinary triggers off (session_replication_role = replica, to skip foreign
-- key checks); these keep the counts true whatever writes the rows.
ALTER TABLE nudges ENABLE ALWAYS TRIGGER participant_record_counts_insert;--> statement-breakpoint
ALTER TABLE nudges ENABLE ALWAYS TRIGGER participant_record_counts_update;--> statement-breakpoint
ALTER TABLE nudges ENABLE ALWAYS TRIGGER participant_record_counts_delete;--> statement-breakpoint
ALTER TABLE nudges ENABLE ALWAYS TRIGGER participant_record_counts_truncate;--> statement-breakpoint
ALTER TABLE conversations ENABLE ALWAYS TRIGGER participant_record_counts_insert;--> statement-breakpoint
ALTER TABLE conversations ENABLE ALWAYS TRIGGER participant_record_counts_update;--> statement-breakpoint
ALTER TABLE conversations ENABLE ALWAYS TRIGGER participant_record_counts_delete;--> statement-breakpoint
ALTER TABLE conversations ENABLE ALWAYS TRIGGER participant_record_counts_truncate;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER participant_record_counts_update;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER participant_record_counts_delete;--> statement-breakpoint
ALTER TABLE participant_record_counts ENABLE ALWAYS TRIGGER participant_record_counts_recount;
