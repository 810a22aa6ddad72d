/**
 * The database schema, one file per table group: users, workspaces and what belongs to them (schema/accounts.ts),
 * projects with their members, versions, files and access requests (schema/projects.ts), pushes in progress and
 * server settings (schema/uploads.ts), usage snapshots and prepared zips (schema/reports.ts), personal access
 * tokens, two-factor secrets and single sign-on identities (schema/security.ts), webhooks and their deliveries (schema/webhooks.ts).
 * drizzle-kit and the drivers read it through this file.
 */
export * from './schema/accounts.ts';
export * from './schema/projects.ts';
export * from './schema/uploads.ts';
export * from './schema/reports.ts';
export * from './schema/security.ts';
export * from './schema/webhooks.ts';
