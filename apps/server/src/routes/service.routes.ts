import { apiRoutes, BLACKLIST_DIRS, BLACKLIST_FILES, MERGIN_API_VERSION } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { csrfTokenFor } from '../plugins/auth.ts';
import { APP_VERSION } from '../lib/app-version.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.service;

const [major = 0, minor = 0, fix = 0] = MERGIN_API_VERSION.split('.').map(Number);

/** Service information: ping, the health check, config, app init and the CSRF token. */
export function serviceRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { config } = context;
  return async (app) => {
    serve(app, routes.ping, async () => {
      const maintenance = await context.maintenance.isOn();
      return {
        service: 'Mergin',
        status: 'online',
        base_url: 'v1',
        endpoints: {},
        version: MERGIN_API_VERSION,
        blacklist_dirs: [...BLACKLIST_DIRS],
        blacklist_files: [...BLACKLIST_FILES],
        maintenance,
        subscriptions_enabled: false,
      };
    });

    // The reference's health check: allowed in maintenance mode (plugins/auth.ts), 503 when the database is down.
    serve(app, routes.alive, async () => context.health.alive());

    serve(app, routes.config, async () => ({
      docs_url: config.docsUrl,
      server_type: 'ce',
      collect_statistics: false,
      user_self_registration: false,
      global_read: config.globalRead,
      global_write: config.globalWrite,
      global_admin: config.globalAdmin,
      enable_superadmin_assignment: true,
      diagnostic_logs_url: '',
      v2_push_enabled: true,
      blacklist_dirs: [...BLACKLIST_DIRS],
      blacklist_files: [...BLACKLIST_FILES],
      version: MERGIN_API_VERSION,
      major,
      minor,
      fix,
      server_configured: config.baseUrl !== undefined,
      build_hash: '',
      deleted_project_expiration_days: config.deletedProjectRetentionMs / 86_400_000,
      ...(config.mapBasemapStyleUrl ? { map_basemap_style_url: config.mapBasemapStyleUrl } : {}),
      ...context.sso.publicSettings(),
    }));

    // The reference asks a statistics service of Mergin's releases; Waymark's releases have none, so the latest
    // version this server knows of is its own.
    serve(app, routes.latestVersion, async () => {
      const [appMajor = 0, appMinor = 0, appFix = 0] = APP_VERSION.split('.').map(Number);
      return { version: APP_VERSION, major: appMajor, minor: appMinor, fix: appFix, info_url: null };
    });

    serve(app, routes.appInit, async (request, reply) => {
      reply.header('X-CSRF-Token', csrfTokenFor(context, request));
      return { authenticated: request.auth !== null, superuser: request.auth?.user.isAdmin === true };
    });

    serve(app, routes.refreshCsrf, async (request) => ({ csrf: csrfTokenFor(context, request) }));
  };
}
