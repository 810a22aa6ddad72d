import { type MaintenanceSource, WORKSPACE_ROLES, type WorkspaceRole } from '@waymark/contract';
import { Argument, Command, InvalidArgumentError } from 'commander';
import { bootstrapAdmin, generatePassword } from '../bootstrap.ts';
import type { AppContext } from '../context.ts';
import type { MaintenanceService, MaintenanceState } from '../services/maintenance.service.ts';
import { ConfigError } from '../config.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { migrateBlobs, type MigrationSummary } from '../storage/migrate.ts';
import type { S3BlobStore } from '../storage/s3-blob-store.ts';
import type { Clock } from '../lib/ttl-cache.ts';
import { parseSize } from './parse-size.ts';

export type CliDeps = {
  /** Opens the database only for the commands that need it. */
  withContext<T>(run: (context: AppContext) => Promise<T>): Promise<T>;
  /** The blob stores `storage migrate` copies between: the data folder's, and S3's when S3_BUCKET is set. */
  blobStores(): { local: BlobStore; s3: S3BlobStore | undefined };
  /** The maintenance file (and MAINTENANCE=true): all the CLI can read beside a server on the embedded database. */
  maintenance: MaintenanceService;
  /**
   * Where `maintenance on|off` switches: the database's switch (PostgreSQL: every server process reads it) or the
   * data/MAINTENANCE file (the embedded database, which the running server holds open).
   */
  maintenanceInDatabase: boolean;
  print(line: string): void;
  /** When `storage migrate` reports progress (`performance` by default; tests pass one they move). */
  clock?: Clock;
};

const SOURCE_TEXTS: Record<MaintenanceSource, string> = {
  config: 'MAINTENANCE=true in the configuration',
  file: 'the maintenance file',
  database: 'the switch in the database',
};

/** 'Maintenance mode is on.', naming the source when it is not the one just switched. */
function describeMaintenance(state: MaintenanceState, switched: MaintenanceSource): string {
  if (!state.on || !state.source) return 'Maintenance mode is off.';
  return state.source === switched
    ? 'Maintenance mode is on.'
    : `Maintenance mode is on (${SOURCE_TEXTS[state.source]}).`;
}

function sizeArgument(value: string): number {
  try {
    return parseSize(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** The administration CLI: users, workspaces, members, maintenance mode, the storage migration. */
export function buildProgram(deps: CliDeps): Command {
  const { withContext, blobStores, maintenance, maintenanceInDatabase, print } = deps;
  const program = new Command('waymark').description('Waymark administration').exitOverride();

  program
    .command('init')
    .description(
      'apply migrations and, on an empty database, create the first superuser from ADMIN_* settings',
    )
    .action(async () => {
      await withContext(async (context) => {
        const created = await bootstrapAdmin(context, print);
        if (!created) print('The database already has users; nothing to do.');
      });
    });

  const user = program.command('user').description('manage users');
  user
    .command('create')
    .description('create a user with a personal workspace named after the username')
    .argument('<username>')
    .argument('<email>')
    .option('-p, --password <password>', 'password (generated and printed when omitted)')
    .option('--superuser', 'make the user a superuser', false)
    .action(async (username: string, email: string, options: { password?: string; superuser: boolean }) => {
      const password = options.password ?? generatePassword();
      await withContext(async (context) => {
        const created = await context.users.createUser({
          username,
          email,
          password,
          isAdmin: options.superuser,
          verifiedEmail: true,
        });
        print(
          `Created ${options.superuser ? 'superuser' : 'user'} '${created.username}' <${created.email}>.`,
        );
        if (!options.password) print(`Generated password: ${password}`);
      });
    });
  user
    .command('password')
    .description("set a user's password")
    .argument('<login>', 'username or email')
    .option('-p, --password <password>', 'new password (generated and printed when omitted)')
    .action(async (login: string, options: { password?: string }) => {
      const password = options.password ?? generatePassword();
      await withContext(async (context) => {
        const updated = await context.users.setPassword(login, password);
        print(`Password of '${updated.username}' changed.`);
        if (!options.password) print(`Generated password: ${password}`);
      });
    });

  user
    .command('signout')
    .description('end every session and Bearer token of a user (the password stays)')
    .argument('<login>', 'username or email')
    .action(async (login: string) => {
      await withContext(async (context) => {
        const signedOut = await context.auth.signOutEverywhere(login);
        print(
          `Signed '${signedOut.username}' out everywhere: every session and token issued so far has ended.`,
        );
      });
    });

  const workspace = program.command('workspace').description('manage workspaces');
  workspace
    .command('create')
    .description('create a shared workspace')
    .argument('<name>')
    .option('-s, --storage <size>', 'storage quota, e.g. 10GB (default: DEFAULT_STORAGE)', sizeArgument)
    .action(async (name: string, options: { storage?: number }) => {
      await withContext(async (context) => {
        const created = await context.workspaces.create({ name, storage: options.storage });
        print(
          `Created workspace '${created.name}' (id ${created.id}) with ${created.storage} bytes of storage.`,
        );
      });
    });
  workspace
    .command('quota')
    .description("set a workspace's storage quota")
    .argument('<name>')
    .argument('<size>', 'e.g. 500MB, 10GB, 1073741824', sizeArgument)
    .action(async (name: string, size: number) => {
      await withContext(async (context) => {
        const updated = await context.workspaces.setStorage(name, size);
        print(`Workspace '${updated.name}' now has ${updated.storage} bytes of storage.`);
      });
    });
  workspace
    .command('add-member')
    .description('add a user to a workspace, or change their role')
    .argument('<workspace>')
    .argument('<login>', 'username or email')
    .addArgument(new Argument('<role>').choices(WORKSPACE_ROLES))
    .action(async (workspaceName: string, login: string, role: WorkspaceRole) => {
      await withContext(async (context) => {
        await context.workspaces.addMember({ workspace: workspaceName, login, role });
        print(`'${login}' is now ${role} of workspace '${workspaceName}'.`);
      });
    });

  program
    .command('maintenance')
    .description(
      'switch read-only maintenance mode (running servers follow within seconds); PostgreSQL: the switch in the database, as the admin panel; embedded database: the data/MAINTENANCE file',
    )
    .addArgument(new Argument('<state>').choices(['on', 'off', 'status']))
    .action(async (state: 'on' | 'off' | 'status') => {
      if (maintenanceInDatabase) {
        await withContext(async (context) => {
          const now =
            state === 'status'
              ? await context.maintenance.state()
              : await context.maintenance.setSwitch(state === 'on', null);
          print(describeMaintenance(now, 'database'));
        });
        return;
      }
      if (state !== 'status') maintenance.setFile(state === 'on');
      print(describeMaintenance(maintenance.localState(), 'file'));
    });

  const storage = program.command('storage').description('manage where file bytes are kept');
  storage
    .command('migrate')
    .description(
      'copy the blobs of the data folder to the S3 bucket of the S3_* settings, verified by SHA-256; ' +
        'resumable (skips what S3 holds already) and safe while the server runs',
    )
    .option(
      '--verify-existing',
      'read back and hash the blobs S3 already holds too, copying them again if wrong',
    )
    .option('-c, --concurrency <n>', 'blobs copied at once (default 4)', positiveInteger)
    .action(async (options: { verifyExisting?: boolean; concurrency?: number }) => {
      const { local, s3 } = blobStores();
      if (!s3) {
        throw new ConfigError(
          'storage migrate needs the S3 settings: S3_BUCKET, and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, ' +
            'S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX as the bucket needs (docs/OPERATIONS.md)',
        );
      }
      await s3.check().catch((error: unknown) => {
        throw new ConfigError((error as Error).message);
      });
      const summary = await migrateBlobs({
        source: local,
        target: s3,
        verifyExisting: options.verifyExisting ?? false,
        concurrency: options.concurrency,
        clock: deps.clock,
        onEvent(event) {
          if (event.kind === 'started') {
            print(`${event.total} blobs (${bytes(event.totalBytes)}) in the data folder.`);
          } else if (event.kind === 'progress') {
            print(progressLine(event.summary));
          } else {
            print(`Failed ${event.sha256}: ${event.reason}`);
          }
        },
      });
      print(progressLine(summary));
      if (summary.failed.length > 0) {
        throw new MigrationIncompleteError(
          `${summary.failed.length} blobs were not copied (listed above); run the command again.`,
        );
      }
      print('Done: every blob of the data folder is in S3.');
    });

  return program;
}

/** A storage migration that left blobs behind: the CLI exits with 1. */
export class MigrationIncompleteError extends Error {}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('must be a whole number above 0');
  return number;
}

const bytes = (count: number) => `${count.toLocaleString('en-US')} bytes`;

function progressLine(summary: MigrationSummary): string {
  const settled = summary.copied + summary.present + summary.vanished + summary.failed.length;
  return (
    `${settled}/${summary.total} blobs: ${summary.copied} copied (${bytes(summary.copiedBytes)}), ` +
    `${summary.present} already in S3, ${summary.vanished} gone meanwhile, ${summary.failed.length} failed.`
  );
}
