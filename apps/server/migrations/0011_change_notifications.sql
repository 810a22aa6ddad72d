-- Every change to the tables that decide who a caller is and which projects they see is announced on the
-- channel `waymark_changes` (the payload is the table's name), at commit and only then: each server process
-- listens and drops what it keeps of them (src/db/change-feed.ts). Per statement, not per row. Of projects and
-- workspaces only the columns that decide who sees a project and which filters it passes: a push (new version,
-- size, update time) or a quota change announces nothing (NOTIFY serialises commits briefly).
CREATE FUNCTION "waymark_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('waymark_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "workspaces_announce_change" AFTER INSERT OR UPDATE OF "name" OR DELETE OR TRUNCATE ON "workspaces"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "workspace_members_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "projects_announce_change"
  AFTER INSERT OR UPDATE OF "workspace_id", "name", "public", "creator_id", "removed_at" OR DELETE OR TRUNCATE
  ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "project_members_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
