import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';

/**
 * Read-only maintenance mode: on when the config says so or when the maintenance file exists.
 * A file (as in Mergin's MAINTENANCE_FILE) lets the CLI switch a running server, and several servers
 * sharing a volume, without a restart.
 */
export function createMaintenanceService(config: Pick<AppConfig, 'maintenance' | 'maintenanceFile'>) {
  return {
    isOn(): boolean {
      return config.maintenance || existsSync(config.maintenanceFile);
    },
    set(on: boolean): void {
      if (on) {
        mkdirSync(path.dirname(config.maintenanceFile), { recursive: true });
        writeFileSync(config.maintenanceFile, `${new Date().toISOString()}\n`);
      } else {
        rmSync(config.maintenanceFile, { force: true });
      }
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
