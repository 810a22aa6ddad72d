import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MaintenanceSource } from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import type { ServerSettingRepository } from '../repositories/server-setting.repository.ts';

/** The settings key of the admin switch. */
const SETTING_KEY = 'maintenance';

/**
 * How long a process trusts the database switch it last read: another process sharing the database sees a
 * change within this time (and the process that made it at once).
 */
export const MAINTENANCE_CACHE_MS = 1000;

export type MaintenanceState = { on: boolean; source: MaintenanceSource | null };

type Logger = { warn(obj: object, msg: string): void };

/**
 * Read-only maintenance mode, on when any of three sources says so (the first one named in `source`):
 * `config` (MAINTENANCE=true, fixed until a restart), `file` (the data/MAINTENANCE file, as Mergin's
 * MAINTENANCE_FILE: the CLI switches a server on the embedded database with it) and `database` (the admin
 * panel's switch, and the CLI's with PostgreSQL: a row of `server_settings`, so every process sharing the
 * database agrees within MAINTENANCE_CACHE_MS). Without `settings` (the CLI on the embedded database, which the
 * running server holds) only the configuration and the file count.
 */
export function createMaintenanceService(deps: {
  config: Pick<AppConfig, 'maintenance' | 'maintenanceFile'>;
  settings?: ServerSettingRepository | undefined;
  log?: Logger | undefined;
  /** The clock of the cache, in milliseconds (tests move it on instead of waiting). */
  now?: () => number;
}) {
  const { config, settings, log, now = Date.now } = deps;
  let cached: { on: boolean; at: number } | undefined;
  let reading: Promise<boolean> | undefined;

  async function readSwitch(): Promise<boolean> {
    const value = await settings?.get(SETTING_KEY);
    return typeof value === 'object' && value !== null && (value as { on?: unknown }).on === true;
  }

  /** The database switch, read at most once per MAINTENANCE_CACHE_MS (concurrent callers share one read). */
  async function databaseSwitch(): Promise<boolean> {
    if (!settings) return false;
    if (cached && now() - cached.at < MAINTENANCE_CACHE_MS) return cached.on;
    reading ??= readSwitch()
      .then((on) => {
        cached = { on, at: now() };
        return on;
      })
      .catch((error: unknown) => {
        // A database that cannot answer now: keep the last known state rather than failing every request.
        if (!cached) throw error;
        log?.warn({ err: error }, 'maintenance switch could not be read; the last known state stays');
        return cached.on;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  function setFile(on: boolean): void {
    if (on) {
      mkdirSync(path.dirname(config.maintenanceFile), { recursive: true });
      writeFileSync(config.maintenanceFile, `${new Date().toISOString()}\n`);
    } else {
      rmSync(config.maintenanceFile, { force: true });
    }
  }

  /** The configuration and the file only (no database read). */
  function localState(): MaintenanceState {
    if (config.maintenance) return { on: true, source: 'config' };
    if (existsSync(config.maintenanceFile)) return { on: true, source: 'file' };
    return { on: false, source: null };
  }

  return {
    /** Whether maintenance mode is on, and which source says so first. */
    async state(): Promise<MaintenanceState> {
      const local = localState();
      if (local.on) return local;
      return (await databaseSwitch()) ? { on: true, source: 'database' } : { on: false, source: null };
    },

    async isOn(): Promise<boolean> {
      return (await this.state()).on;
    },

    /** The configuration and the file only: what the CLI sees beside a running server on the embedded database. */
    localState,

    /** The data/MAINTENANCE file (the CLI on the embedded database). */
    setFile,

    /**
     * The admin switch, in the database (shared by every process). Switching off also removes the
     * data/MAINTENANCE file, so the switch turns off what the CLI turned on; MAINTENANCE=true stays in force.
     */
    async setSwitch(on: boolean, byUserId: number | null): Promise<MaintenanceState> {
      if (!settings) throw new Error('the maintenance switch needs the database');
      await settings.set(SETTING_KEY, { on }, byUserId);
      cached = { on, at: Date.now() };
      if (!on) setFile(false);
      return this.state();
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
