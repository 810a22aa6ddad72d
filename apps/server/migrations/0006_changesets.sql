CREATE TYPE "public"."changeset_status" AS ENUM('pending', 'ready', 'none', 'error');--> statement-breakpoint
ALTER TABLE "file_history" ADD COLUMN "changeset_status" "changeset_status";--> statement-breakpoint
ALTER TABLE "file_history" ADD COLUMN "changeset_summary" jsonb;--> statement-breakpoint
ALTER TABLE "file_history" ADD COLUMN "changeset_size" bigint;--> statement-breakpoint
ALTER TABLE "file_history" ADD COLUMN "changeset_blob_sha256" text;--> statement-breakpoint
ALTER TABLE "file_history" ADD COLUMN "changeset_error" text;--> statement-breakpoint
ALTER TABLE "file_history" ADD CONSTRAINT "file_history_changeset_blob_sha256_blobs_sha256_fk" FOREIGN KEY ("changeset_blob_sha256") REFERENCES "public"."blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_history_changeset_pending_idx" ON "file_history" USING btree ("project_id","version_number") WHERE "file_history"."changeset_status" = 'pending';