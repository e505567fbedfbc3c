ALTER TABLE "imaging_files" ADD COLUMN "study_instance_uid" text;--> statement-breakpoint
ALTER TABLE "imaging_files" ADD COLUMN "series_instance_uid" text;--> statement-breakpoint
ALTER TABLE "imaging_files" ADD COLUMN "sop_instance_uid" text;--> statement-breakpoint
ALTER TABLE "imaging_files" ADD COLUMN "sop_class_uid" text;--> statement-breakpoint
ALTER TABLE "imaging_files" ADD COLUMN "uids_read" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "imaging_files_study_idx" ON "imaging_files" USING btree ("user_id","study_instance_uid","id");--> statement-breakpoint
CREATE INDEX "imaging_files_uids_unread_idx" ON "imaging_files" USING btree ("id") WHERE not "imaging_files"."uids_read";
