CREATE TABLE "participant_search_counts" (
	"participant_type" "participant_type" NOT NULL,
	"status" "user_status" NOT NULL,
	"gram" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participant_stats" ADD COLUMN "participant_type" "participant_type";--> statement-breakpoint
ALTER TABLE "participant_stats" ADD COLUMN "status" "user_status";--> statement-breakpoint
-- Hand-written from here to the indexes: fill the new columns before their indexes exist.
UPDATE "participant_stats" AS s SET "participant_type" = u."participant_type", "status" = u."status"
  FROM "users" AS u WHERE u."id" = s."user_id";--> statement-breakpoint
-- Every distinct 1- and 2-character substring of a search text, and '' (which every text contains).
CREATE FUNCTION participant_search_grams(search_text text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ''
    UNION SELECT substr(search_text, i, 1) FROM generate_series(1, char_length(search_text)) AS i
    UNION SELECT substr(search_text, i, 2) FROM generate_series(1, char_length(search_text) - 1) AS i
  $$;--> statement-breakpoint
INSERT INTO "participant_search_counts" ("participant_type", "status", "gram", "n")
  SELECT u."participant_type", u."status", g.gram, count(*)
  FROM "users" AS u CROSS JOIN LATERAL participant_search_grams(u."search_text") AS g(gram)
  WHERE u."role" = 'PARTICIPANT' AND u."participant_type" IS NOT NULL
  GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE INDEX "participant_search_counts_key_idx" ON "participant_search_counts" USING btree ("participant_type","gram","status");--> statement-breakpoint
CREATE INDEX "participant_stats_status_last_app_open_idx" ON "participant_stats" USING btree ("participant_type","status","last_app_open","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_status_sessions_idx" ON "participant_stats" USING btree ("participant_type","status","active_session_count","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_status_chats_idx" ON "participant_stats" USING btree ("participant_type","status","coach_chat_count","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_status_calls_idx" ON "participant_stats" USING btree ("participant_type","status","coach_call_count","user_id");--> statement-breakpoint
CREATE INDEX "participant_stats_status_nudge_opens_idx" ON "participant_stats" USING btree ("participant_type","status","nudge_open_count","user_id");--> statement-breakpoint
CREATE INDEX "users_participant_status_first_name_idx" ON "users" USING btree ("participant_type","status","first_name","id") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
CREATE INDEX "users_participant_status_email_idx" ON "users" USING btree ("participant_type","status","email","id") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
CREATE INDEX "users_participant_status_joined_idx" ON "users" USING btree ("participant_type","status","joined_at","id") WHERE "users"."role" = 'PARTICIPANT';--> statement-breakpoint
-- Applies changes to participant_search_counts: folds the rows of each changed key that this
-- transaction can lock (SKIP LOCKED: rows another open transaction is folding stay for a later
-- fold, so concurrent writers never wait for each other) into one row plus the change.
CREATE FUNCTION participant_search_counts_apply(changes jsonb) RETURNS void
  LANGUAGE sql AS $$
    WITH change AS (
      SELECT c.participant_type, c.status, c.gram, c.delta
      FROM jsonb_to_recordset(changes)
        AS c(participant_type participant_type, status user_status, gram text, delta integer)
    ), folded AS (
      DELETE FROM participant_search_counts AS s
      WHERE s.ctid = ANY (ARRAY(
        SELECT k.ctid FROM participant_search_counts AS k
        JOIN change AS c USING (participant_type, status, gram)
        FOR UPDATE OF k SKIP LOCKED))
      RETURNING s.participant_type, s.status, s.gram, s.n
    )
    INSERT INTO participant_search_counts (participant_type, status, gram, n)
    SELECT c.participant_type, c.status, c.gram, c.delta + coalesce(sum(f.n), 0)
    FROM change AS c LEFT JOIN folded AS f USING (participant_type, status, gram)
    GROUP BY c.participant_type, c.status, c.gram, c.delta
    HAVING c.delta + coalesce(sum(f.n), 0) <> 0
  $$;--> statement-breakpoint
-- The users rows a statement changed, as +1 per gram of each new row and -1 per gram of each old
-- row; rows whose role, type, status and search text stayed the same cancel out unread.
CREATE FUNCTION participant_search_counts_follow_users() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    changes jsonb;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT jsonb_agg(d) INTO changes FROM (
        SELECT u.participant_type, u.status, g.gram, count(*) AS delta
        FROM new_rows AS u CROSS JOIN LATERAL participant_search_grams(u.search_text) AS g(gram)
        WHERE u.role = 'PARTICIPANT' AND u.participant_type IS NOT NULL
        GROUP BY 1, 2, 3) AS d;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT jsonb_agg(d) INTO changes FROM (
        SELECT u.participant_type, u.status, g.gram, -count(*) AS delta
        FROM old_rows AS u CROSS JOIN LATERAL participant_search_grams(u.search_text) AS g(gram)
        WHERE u.role = 'PARTICIPANT' AND u.participant_type IS NOT NULL
        GROUP BY 1, 2, 3) AS d;
    ELSE
      SELECT jsonb_agg(d) INTO changes FROM (
        SELECT u.participant_type, u.status, g.gram, sum(u.sign) AS delta
        FROM (
          SELECT n.participant_type, n.status, n.search_text, 1 AS sign FROM new_rows AS n
          WHERE n.role = 'PARTICIPANT' AND n.participant_type IS NOT NULL AND NOT EXISTS (
            SELECT FROM old_rows AS o WHERE o.id = n.id AND o.role = n.role
              AND o.participant_type = n.participant_type AND o.status = n.status
              AND o.search_text = n.search_text)
          UNION ALL
          SELECT o.participant_type, o.status, o.search_text, -1 FROM old_rows AS o
          WHERE o.role = 'PARTICIPANT' AND o.participant_type IS NOT NULL AND NOT EXISTS (
            SELECT FROM new_rows AS n WHERE n.id = o.id AND n.role = o.role
              AND n.participant_type = o.participant_type AND n.status = o.status
              AND n.search_text = o.search_text)
        ) AS u CROSS JOIN LATERAL participant_search_grams(u.search_text) AS g(gram)
        GROUP BY 1, 2, 3
        HAVING sum(u.sign) <> 0) AS d;
      -- The copies the status-filtered list sorts participant_stats by.
      UPDATE participant_stats AS s SET participant_type = n.participant_type, status = n.status
      FROM new_rows AS n
      WHERE s.user_id = n.id
        AND (s.participant_type, s.status) IS DISTINCT FROM (n.participant_type, n.status);
    END IF;
    IF changes IS NOT NULL THEN
      PERFORM participant_search_counts_apply(changes);
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER participant_search_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_search_counts_follow_users();--> statement-breakpoint
CREATE TRIGGER participant_search_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_search_counts_follow_users();--> statement-breakpoint
CREATE TRIGGER participant_search_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_search_counts_follow_users();--> statement-breakpoint
-- Recounts from users. Deleting counts other than through the triggers above (by hand, or a
-- test emptying every table) would leave them wrong: the counts are rebuilt instead. A truncate
-- of users empties them.
CREATE FUNCTION participant_search_counts_recount() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    -- Deeper than 1: a fold inside the users triggers, or the truncate below.
    IF pg_trigger_depth() > 1 THEN
      RETURN NULL;
    END IF;
    DELETE FROM participant_search_counts;
    IF TG_TABLE_NAME = 'participant_search_counts' THEN
      INSERT INTO participant_search_counts (participant_type, status, gram, n)
        SELECT u.participant_type, u.status, g.gram, count(*)
        FROM users AS u CROSS JOIN LATERAL participant_search_grams(u.search_text) AS g(gram)
        WHERE u.role = 'PARTICIPANT' AND u.participant_type IS NOT NULL
        GROUP BY 1, 2, 3;
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER participant_search_counts_recount AFTER DELETE ON participant_search_counts
  FOR EACH STATEMENT EXECUTE FUNCTION participant_search_counts_recount();--> statement-breakpoint
CREATE TRIGGER participant_search_counts_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION participant_search_counts_recount();--> statement-breakpoint
-- A new participant_stats row copies its participant's type and status.
CREATE FUNCTION participant_stats_copy_status() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    SELECT u.participant_type, u.status INTO NEW.participant_type, NEW.status
    FROM users AS u WHERE u.id = NEW.user_id;
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE TRIGGER participant_stats_copy_status BEFORE INSERT ON participant_stats
  FOR EACH ROW EXECUTE FUNCTION participant_stats_copy_status();--> statement-breakpoint
-- Bulk loads turn ordinary triggers off (session_replication_role = replica, to skip foreign
-- key checks); these keep the counts and copies true whatever writes the rows.
ALTER TABLE users ENABLE ALWAYS TRIGGER participant_search_counts_insert;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER participant_search_counts_update;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER participant_search_counts_delete;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER participant_search_counts_truncate;--> statement-breakpoint
ALTER TABLE participant_search_counts ENABLE ALWAYS TRIGGER participant_search_counts_recount;--> statement-breakpoint
ALTER TABLE participant_stats ENABLE ALWAYS TRIGGER participant_stats_copy_status;
