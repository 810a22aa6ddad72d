-- The change announcements of 0011 are gone: each server process keeps its caches for a few seconds and forgets
-- what its own services write (src/lib/ttl-cache.ts), so no trigger runs on these tables any more.
DROP TRIGGER IF EXISTS "users_announce_change" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "workspaces_announce_change" ON "workspaces";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "workspace_members_announce_change" ON "workspace_members";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "projects_announce_change" ON "projects";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "project_members_announce_change" ON "project_members";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "waymark_announce_change"();
