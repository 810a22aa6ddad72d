ALTER TABLE "sessions" ADD COLUMN "token_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_epoch" integer DEFAULT 0 NOT NULL;