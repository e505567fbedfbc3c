CREATE INDEX "conversations_ended_idx" ON "conversations" USING btree ("ended_at","id");--> statement-breakpoint
-- The spec's default group for Internal participants must exist on every installation.
INSERT INTO "user_groups" ("name") VALUES ('CZ') ON CONFLICT ("name") DO NOTHING;
