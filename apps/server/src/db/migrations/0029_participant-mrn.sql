ALTER TABLE "users" ADD COLUMN "mrn" text;--> statement-breakpoint
-- Hand-ordered: the record number joins the search text, so the column comes first. Dropping
-- search_text drops its trigram index, recreated below. Every existing mrn is null, so each
-- search text stays the same and participant_search_counts needs no recount.
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("users"."first_name" || ' ' || "users"."last_name" || ' ' || "users"."email" || coalesce(' ' || "users"."mrn", ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_mrn_unique" ON "users" USING btree ("mrn") WHERE "users"."mrn" is not null;
