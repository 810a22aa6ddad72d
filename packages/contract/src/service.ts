import { z } from 'zod';

/** GET /ping */
export const pingResponseSchema = z.object({
  service: z.string(),
  status: z.string(),
  base_url: z.string(),
  endpoints: z.record(z.string(), z.unknown()),
  version: z.string(),
  blacklist_dirs: z.array(z.string()),
  blacklist_files: z.array(z.string()),
  maintenance: z.boolean(),
  subscriptions_enabled: z.boolean(),
});
export type PingResponse = z.infer<typeof pingResponseSchema>;

/** POST /alive (reference): the database answered; how long the check took, and whether maintenance is on. */
export const aliveResponseSchema = z.object({
  processing_time_ms: z.number(),
  maintenance: z.boolean(),
});
export type AliveResponse = z.infer<typeof aliveResponseSchema>;

/** GET /metrics: Prometheus's text format. */
export const metricsResponseSchema = z.string();

/** GET /config */
export const configResponseSchema = z.object({
  docs_url: z.string(),
  server_type: z.string(),
  collect_statistics: z.boolean(),
  user_self_registration: z.boolean(),
  global_read: z.boolean(),
  global_write: z.boolean(),
  global_admin: z.boolean(),
  enable_superadmin_assignment: z.boolean(),
  diagnostic_logs_url: z.string(),
  v2_push_enabled: z.boolean(),
  blacklist_dirs: z.array(z.string()),
  blacklist_files: z.array(z.string()),
  version: z.string(),
  major: z.number().int(),
  minor: z.number().int(),
  fix: z.number().int(),
  server_configured: z.boolean(),
  build_hash: z.string(),
  /** Waymark's own addition: days a deleted project's name stays reserved. */
  deleted_project_expiration_days: z.number().optional(),
  /** Waymark's own addition: the MapLibre style under the Map tab (MAP_BASEMAP_STYLE_URL); absent when none. */
  map_basemap_style_url: z.string().optional(),
  /** Waymark's own addition: the single sign-on button's name (OIDC_NAME); absent when not configured. */
  sso_name: z.string().optional(),
  /** Waymark's own addition: false when only superusers may sign in with a password (PASSWORD_LOGIN). */
  password_login: z.boolean().optional(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

/** GET /app/init (the CSRF token comes in the X-CSRF-Token response header). */
export const appInitResponseSchema = z.object({
  authenticated: z.boolean(),
  superuser: z.boolean(),
});
export type AppInitResponse = z.infer<typeof appInitResponseSchema>;

/** GET /app/auth/refresh/csrf */
export const csrfResponseSchema = z.object({ csrf: z.string() });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

/**
 * The Mergin server version we answer with. Mergin clients gate features on it, so it names the API level
 * Waymark implements, not Waymark's own release.
 */
export const MERGIN_API_VERSION = '2025.8.2';
