CREATE TABLE "mail_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_log_kind_key_idx" ON "mail_log" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE INDEX "mail_log_kind_ip_idx" ON "mail_log" USING btree ("kind","ip","created_at");--> statement-breakpoint
CREATE INDEX "mail_log_created_at_idx" ON "mail_log" USING btree ("created_at");