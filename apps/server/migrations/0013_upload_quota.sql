CREATE TABLE "pending_chunks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "declared_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "received_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "reserved_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_chunks" ADD CONSTRAINT "pending_chunks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_chunks" ADD CONSTRAINT "pending_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_chunks_project_idx" ON "pending_chunks" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "pending_chunks_created_idx" ON "pending_chunks" USING btree ("created_at");--> statement-breakpoint
-- Pushes under way when this runs declared nothing: their chunks stay accepted (finish still checks the sizes).
UPDATE "uploads" SET "declared_bytes" = 1099511627776;
