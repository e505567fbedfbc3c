DROP INDEX "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_listed_participants_idx" ON "audit_log" USING gin ((coalesce("details" -> 'participant_ids', '[]'::jsonb) || coalesce("details" -> 'returned', '[]'::jsonb)) jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");