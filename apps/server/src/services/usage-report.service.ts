import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  USAGE_REPORT_COLUMNS,
  type UsageReportQuery,
  type UsageSnapshotData,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { APP_VERSION } from '../lib/app-version.ts';
import { forbidden } from '../lib/errors.ts';
import { canAdministerServer } from '../policies/admin.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { isoMicrosZ } from '../presenters/timestamps.ts';
import type { Repositories } from '../repositories/repositories.ts';

export const USAGE_SNAPSHOT_INTERVAL_MS = 12 * 60 * 60 * 1000;
/** The installation's id (the reference's `service_uuid`), made once and kept in `server_settings`. */
const SERVICE_ID_KEY = 'service_id';
/** Snapshots read per query while a report is written. */
const REPORT_PAGE = 500;

/** One CSV field as Python's `csv` module writes it (the excel dialect: minimal quoting). */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * The usage report of the admin panel (`GET /app/admin/report`, the reference's stats API): snapshots of the
 * server's figures, saved every 12 hours, written as CSV with the reference's columns.
 */
export function createUsageReportService(deps: { config: AppConfig; repos: Repositories }) {
  const { config, repos } = deps;

  async function serviceId(): Promise<string> {
    const stored = (await repos.serverSettings.get(SERVICE_ID_KEY)) as { id?: string } | undefined;
    if (stored?.id) return stored.id;
    await repos.serverSettings.setIfMissing(SERVICE_ID_KEY, { id: randomUUID() });
    return ((await repos.serverSettings.get(SERVICE_ID_KEY)) as { id: string }).id;
  }

  return {
    /** Saves the figures of now (the job). */
    async snapshot(now = new Date()): Promise<void> {
      const figures = await repos.usageSnapshots.figures(now);
      const data: UsageSnapshotData = {
        service_uuid: await serviceId(),
        url: config.baseUrl ?? '',
        contact_email: '',
        licence: 'ce',
        projects_count: figures.projects,
        users_count: figures.users,
        workspaces_count: figures.workspaces,
        last_change: figures.lastChange === null ? '' : `${figures.lastChange}Z`,
        server_version: APP_VERSION,
        monthly_contributors: figures.monthlyContributors,
        editors: figures.editors,
        sso_connections: 0,
      };
      await repos.usageSnapshots.insert(data, now);
    },

    /** True when the newest snapshot is older than the interval (or there is none): a start saves one then. */
    async isSnapshotDue(now = new Date()): Promise<boolean> {
      const latest = await repos.usageSnapshots.latestAt();
      return !latest || now.getTime() - latest.getTime() >= USAGE_SNAPSHOT_INTERVAL_MS;
    },

    /**
     * The CSV of the snapshots taken from the start of `date_from` to the end of `date_to` (UTC), newest first:
     * the header row, then one row each, read a page at a time.
     */
    report(actor: Actor, query: UsageReportQuery): AsyncIterable<string> {
      if (!actor || !canAdministerServer(actor)) throw forbidden(ERROR_TEXTS.permissionDenied);
      const from = new Date(`${query.date_from}T00:00:00.000Z`);
      const to = new Date(`${query.date_to}T23:59:59.999Z`);
      const snapshots = repos.usageSnapshots;
      return (async function* () {
        yield csvLine(USAGE_REPORT_COLUMNS);
        let after: number | undefined;
        for (;;) {
          const page = await snapshots.page(from, to, REPORT_PAGE, after);
          let text = '';
          for (const row of page) {
            const data = (row.data ?? {}) as Record<string, unknown>;
            text += csvLine(
              USAGE_REPORT_COLUMNS.map((column) =>
                column === 'created_at' ? isoMicrosZ(row.createdAt) : data[column],
              ),
            );
          }
          if (text) yield text;
          const last = page.at(-1);
          if (!last || page.length < REPORT_PAGE) return;
          after = last.id;
        }
      })();
    },
  };
}

export type UsageReportService = ReturnType<typeof createUsageReportService>;
