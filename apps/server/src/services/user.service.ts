import type { UserInfo } from '@waymark/contract';
import {
  ADMIN_TEXTS,
  type AdminCreateUserRequest,
  type CreateUserRequest,
  emailSchema,
  usernameSchema,
  type WorkspaceRole,
} from '@waymark/contract';
import { presentUserInfo } from '../presenters/user.presenter.ts';
import type { AppConfig } from '../config.ts';
import { conflict, fieldError, invalid, notFound } from '../lib/errors.ts';
import { hashPassword } from '../lib/password-hash.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newAccountMail } from '../mail/templates/new-account.mail.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import { assertPasswordAllowed } from './password-rule.ts';
import { emitWorkspaceWebhookEvent } from './webhook-events.ts';

export type CreateUserInput = {
  username?: string | undefined;
  email: string;
  /** null: no password yet (an invitation mail lets the user set one). */
  password: string | null;
  isAdmin?: boolean;
  /** An extra workspace to join, besides the personal one. */
  membership?: { workspaceId: number; role: WorkspaceRole } | undefined;
  verifiedEmail?: boolean;
  /** Without `username`: what the username is made from (valid, unique); the e-mail's local part by default. */
  usernameFrom?: string | undefined;
  /** An OpenID provider's account linked to the new user in the same transaction (single sign-on). */
  identity?: { issuer: string; subject: string; email: string | null } | undefined;
  /** Whether the user gets notification mails (POST /v2/users: its `notify_user`, as the reference). */
  receiveNotifications?: boolean;
};

/** Usernames some clients and URLs treat specially; the reference server rejects them too. */
const RESERVED_USERNAMES = new Set([
  'admin',
  'mergin',
  'support',
  'root',
  'waymark',
  'api',
  'app',
  'projects',
]);

function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string {
  return result.error?.issues[0]?.message ?? 'Invalid value.';
}

/** A username from `source` (the email's local part, or a provider's claim), made valid and unique. */
async function uniqueUsername(
  source: string,
  { users, workspaces }: Pick<Repositories, 'users' | 'workspaces'>,
): Promise<string> {
  const base =
    source
      .replace(/[^\p{L}\p{N}_.-]/gu, '')
      .replace(/^\.+/, '')
      .slice(0, 40) || 'user';
  const padded = base.length < 4 ? `${base}${'0'.repeat(4 - base.length)}` : base;
  for (let n = 0; ; n += 1) {
    const candidate = n === 0 ? padded : `${padded}${n}`;
    if (
      !RESERVED_USERNAMES.has(candidate.toLowerCase()) &&
      !(await users.findByUsername(candidate)) &&
      !(await workspaces.findByName(candidate))
    ) {
      return candidate;
    }
  }
}

/** Users: creation (with a personal workspace named after the username) and passwords. */
export function createUserService(deps: { config: AppConfig; mailer: Mailer; repos: Repositories }) {
  const { config, mailer, repos } = deps;

  return {
    /** Validates and creates the user, their personal workspace (owner) and an optional membership, atomically. */
    async createUser(input: CreateUserInput): Promise<UserRow> {
      const email = emailSchema.safeParse(input.email);
      if (!email.success) throw invalid(firstIssue(email));
      if (input.password !== null) assertPasswordAllowed(input.password);
      const passwordHash = input.password === null ? null : await hashPassword(input.password);

      return repos.transaction(async (tx) => {
        const { users, workspaces } = tx;
        let username: string;
        if (input.username === undefined) {
          username = await uniqueUsername(input.usernameFrom ?? email.data.split('@')[0] ?? '', tx);
        } else {
          const parsed = usernameSchema.safeParse(input.username);
          if (!parsed.success) throw invalid(firstIssue(parsed));
          username = parsed.data;
          if (RESERVED_USERNAMES.has(username.toLowerCase()) && input.isAdmin !== true) {
            throw invalid('This username is reserved.');
          }
        }
        if (await users.findByUsername(username)) throw conflict('User with this username already exists');
        if (await users.findByEmail(email.data)) throw conflict('User with this email already exists');
        if (await workspaces.findByName(username)) throw conflict('Workspace with this name already exists');
        if (input.membership && !(await workspaces.findById(input.membership.workspaceId))) {
          throw notFound('Workspace not found');
        }

        const user = await users.insert({
          username,
          email: email.data,
          passwordHash,
          isAdmin: input.isAdmin ?? false,
          verifiedEmail: input.verifiedEmail ?? false,
          ...(input.receiveNotifications === undefined
            ? {}
            : { receiveNotifications: input.receiveNotifications }),
        });
        const personal = await workspaces.insert({ name: username, storage: config.defaultStorage });
        await workspaces.upsertMember(personal.id, user.id, 'owner');
        if (input.membership) {
          const { workspaceId, role } = input.membership;
          await workspaces.upsertMember(workspaceId, user.id, role);
          await emitWorkspaceWebhookEvent(tx, workspaceId, null, 'member.added', () => ({
            member: { id: user.id, username: user.username },
            role,
          }));
        }
        if (input.identity) {
          const linked = await tx.identities.insert({
            ...input.identity,
            userId: user.id,
            lastUsedAt: new Date(),
          });
          if (!linked) throw conflict('This account of the identity provider is linked to another user');
        }
        return (await users.update(user.id, { preferredWorkspaceId: personal.id })) ?? user;
      });
    },

    /** POST /v2/users: the reference body; mails the new user their sign-in details when asked. */
    async createUserFromApi(request: CreateUserRequest): Promise<UserInfo> {
      const user = await this.createUser({
        username: request.username,
        email: request.email,
        password: request.password,
        receiveNotifications: request.notify_user,
        membership:
          request.workspace_id === undefined
            ? undefined
            : { workspaceId: request.workspace_id, role: request.role ?? 'reader' },
      });
      if (request.notify_user) {
        const signInUrl = `${config.publicUrl}/login`;
        await mailer.send({ to: user.email, ...newAccountMail({ username: user.username, signInUrl }) });
      }
      return presentUserInfo(user);
    },

    /**
     * POST /app/admin/user: every value judged under its field (`{email: [text]}`), duplicates included. Without
     * a password the account has none until the user follows the invitation the caller then mails.
     */
    async createUserFromAdmin(request: AdminCreateUserRequest): Promise<UserRow> {
      const email = emailSchema.safeParse(request.email ?? '');
      if (!email.success) throw fieldError('invalid', 'email', firstIssue(email));
      let username: string | undefined;
      if (request.username) {
        const parsed = usernameSchema.safeParse(request.username);
        if (!parsed.success) throw fieldError('invalid', 'username', firstIssue(parsed));
        if (RESERVED_USERNAMES.has(parsed.data.toLowerCase())) {
          throw fieldError('invalid', 'username', 'This username is reserved.');
        }
        if (await repos.users.findByUsername(parsed.data)) {
          throw fieldError('invalid', 'username', ADMIN_TEXTS.usernameTaken);
        }
        if (await repos.workspaces.findByName(parsed.data)) {
          throw fieldError('invalid', 'username', ADMIN_TEXTS.workspaceTaken);
        }
        username = parsed.data;
      }
      if (await repos.users.findByEmail(email.data))
        throw fieldError('invalid', 'email', ADMIN_TEXTS.emailTaken);
      const password = request.password || null;
      if (password !== null) {
        assertPasswordAllowed(password);
        if (password !== request.confirm)
          throw fieldError('invalid', 'confirm', ADMIN_TEXTS.passwordMismatch);
      }
      const user = await this.createUser({ username, email: email.data, password });
      if (password !== null && request.notify_user) {
        const signInUrl = `${config.publicUrl}/login`;
        await mailer.send({ to: user.email, ...newAccountMail({ username: user.username, signInUrl }) });
      }
      return user;
    },

    /** True while the database has no user at all (the first start, before the superuser exists). */
    async isEmpty(): Promise<boolean> {
      return (await repos.users.count()) === 0;
    },

    /** Sets a new password; every Bearer token and session issued before ends (the user repository bumps the token epoch). */
    async setPassword(login: string, password: string): Promise<UserRow> {
      assertPasswordAllowed(password);
      const user = await repos.users.findByLogin(login);
      if (!user) throw notFound(`User ${login} not found`);
      const passwordHash = await hashPassword(password);
      return repos.transaction(async (tx) => {
        const updated = await tx.users.update(user.id, { passwordHash });
        await tx.sessions.deleteForUser(user.id);
        return updated ?? user;
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
