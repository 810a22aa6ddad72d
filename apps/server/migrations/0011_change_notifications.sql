-- Every change to the tables that decide who a caller is and which projects they see is announced on the
-- channel `waymark_changes` (the payload is the table's name), at commit and only then: each server process
-- listens and drops what it keeps of them (src/db/change-feed.ts). Per statement, not per row.
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
CREATE TRIGGER "workspaces_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspaces"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "workspace_members_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "projects_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "project_members_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "waymark_announce_change"();
