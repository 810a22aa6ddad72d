import { DIAGNOSTIC_LOG_TEXTS, type DiagnosticLog, ERROR_TEXTS } from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { forbidden, invalid, notFound, tooLarge } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { canAdministerServer } from '../policies/admin.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { isoSeconds } from '../presenters/timestamps.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { DiagnosticLogStore } from '../storage/diagnostic-logs.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text: valid UTF-8 without NUL bytes (the reference asks libmagic for text/plain). */
function isPlainText(body: Buffer): boolean {
  if (body.includes(0)) return false;
  try {
    utf8.decode(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Diagnostic logs (reference `save_diagnostic_log`): anyone may send one (anonymous senders are named so), kept as
 * files for superusers to list and download in the admin panel; off with DIAGNOSTIC_LOGS=false, then the call
 * does not exist (404), as the reference answers when its logs go elsewhere.
 */
export function createDiagnosticLogService(deps: {
  config: AppConfig;
  log: Logger;
  repos: Repositories;
  store: DiagnosticLogStore;
}) {
  const { config, log, repos, store } = deps;

  function requireSuperuser(actor: Actor): void {
    if (!actor || !canAdministerServer(actor)) throw forbidden(ERROR_TEXTS.permissionDenied);
  }

  return {
    /** 404 while diagnostic logs are off; checked before the body is read. */
    assertEnabled(): void {
      if (!config.diagnosticLogs) throw notFound(ERROR_TEXTS.urlNotFound);
    },

    async save(actor: Actor, app: string | undefined, body: Buffer | undefined): Promise<void> {
      this.assertEnabled();
      if (!app?.trim()) throw invalid(DIAGNOSTIC_LOG_TEXTS.appRequired);
      if (!body || body.length === 0) throw invalid(DIAGNOSTIC_LOG_TEXTS.emptyLog);
      if (body.length > config.diagnosticLogsMaxSize) throw tooLarge('Request Entity Too Large');
      if (!isPlainText(body)) throw invalid(DIAGNOSTIC_LOG_TEXTS.notText);
      const username = actor
        ? ((await repos.users.findById(actor.id))?.username ?? 'anonymous')
        : 'anonymous';
      const name = await store.save({ username, app: app.trim(), body });
      log.info({ name, size: body.length }, 'diagnostic log saved');
    },

    async list(actor: Actor): Promise<DiagnosticLog[]> {
      requireSuperuser(actor);
      return (await store.list()).map((file) => ({
        name: file.name,
        size: file.size,
        created: isoSeconds(file.createdAt),
      }));
    },

    async open(actor: Actor, name: string) {
      requireSuperuser(actor);
      const file = await store.open(name);
      if (!file) throw notFound(DIAGNOSTIC_LOG_TEXTS.notFound);
      return file;
    },
  };
}

export type DiagnosticLogService = ReturnType<typeof createDiagnosticLogService>;
