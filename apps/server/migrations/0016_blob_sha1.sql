ALTER TABLE "blobs" ADD COLUMN "sha1" text;--> statement-breakpoint
CREATE INDEX "blobs_sha1_idx" ON "blobs" USING btree ("sha1");