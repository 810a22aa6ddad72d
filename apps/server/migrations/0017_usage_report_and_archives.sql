CREATE TYPE "public"."archive_status" AS ENUM('preparing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "project_archives" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"selection" text NOT NULL,
	"paths" jsonb,
	"status" "archive_status" DEFAULT 'preparing' NOT NULL,
	"error" text,
	"total_bytes" bigint NOT NULL,
	"done_bytes" bigint DEFAULT 0 NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"worker" uuid,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_archives" ADD CONSTRAINT "project_archives_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_archives_key" ON "project_archives" USING btree ("project_id","version","selection");--> statement-breakpoint
CREATE INDEX "project_archives_used_idx" ON "project_archives" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "usage_snapshots_created_idx" ON "usage_snapshots" USING btree ("created_at","id");