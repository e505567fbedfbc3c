ALTER TABLE "audit_log" ADD COLUMN "folded_minute" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_folded_idx" ON "audit_log" USING btree ("action","client_address","folded_minute") WHERE "audit_log"."folded_minute" is not null;--> statement-breakpoint
-- Hand-written: the trail stays append-only, except that a folded row may count one more refusal.
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
