-- The chunks of a push present on disk move from marker files beside them to this table. A push open across the
-- upgrade has markers only: its finish answers "Corrupted files" and the client pushes again (nothing is lost).
CREATE TABLE "upload_chunks" (
	"upload_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"size" bigint,
	"token" text,
	"held" text,
	CONSTRAINT "upload_chunks_upload_id_index_pk" PRIMARY KEY("upload_id","index")
);
--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;