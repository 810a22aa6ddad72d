import { type MaintenanceSource, WORKSPACE_ROLES, type WorkspaceRole } from '@waymark/contract';
import { Argument, Command, InvalidArgumentError } from 'commander';
import { bootstrapAdmin, generatePassword } from '../bootstrap.ts';
import type { AppContext } from '../context.ts';
import type { MaintenanceService, MaintenanceState } from '../services/maintenance.service.ts';
import { parseSize } from './parse-size.ts';

export type CliDeps = {
  /** Opens the database only for the commands that need it. */
  withContext<T>(run: (context: AppContext) => Promise<T>): Promise<T>;
  /** The maintenance file (and MAINTENANCE=true): all the CLI can read beside a server on the embedded database. */
  maintenance: MaintenanceService;
  /**
   * Where `maintenance on|off` switches: the database's switch (PostgreSQL: every server process reads it) or the
   * data/MAINTENANCE file (the embedded database, which the running server holds open).
   */
  maintenanceInDatabase: boolean;
  print(line: string): void;
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

/** The administration CLI: users, workspaces, members, maintenance mode. */
export function buildProgram(deps: CliDeps): Command {
  const { withContext, maintenance, maintenanceInDatabase, print } = deps;
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

  return program;
}
