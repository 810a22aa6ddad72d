import { z } from 'zod';
import { PASSWORD_RESET_JOB } from '../jobs/job-names.ts';
import type { AppConfig } from '../config.ts';
import type { JobSender } from '../jobs/queue.ts';
import { fieldError, invalid } from '../lib/errors.ts';
import { hashPassword } from '../lib/password-hash.ts';
import { checkUserToken, issueUserToken, readUserToken } from '../lib/user-token.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from '../mail/templates/invitation.mail.ts';
import { passwordResetMail } from '../mail/templates/password-reset.mail.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import type { MailThrottle } from './mail-throttle.service.ts';
import { assertPasswordAllowed } from './password-rule.ts';

export { PASSWORD_RESET_JOB };

export const RESET_TEXTS = {
  invalidToken: 'Invalid token',
  mismatch: 'Passwords do not match.',
  required: 'This field is required.',
} as const;

const resetRequestSchema = z.object({ email: z.string(), ip: z.string() });

/** Forgotten passwords: a mailed single-use link, then a new password set with it. */
export function createPasswordResetService(deps: {
  config: AppConfig;
  repos: Repositories;
  mailer: Mailer;
  mailThrottle: MailThrottle;
  jobs: JobSender;
}) {
  const { config, mailer, mailThrottle, jobs } = deps;
  const { users, sessions } = deps.repos;

  /** A link that sets the password once: bound to the current password hash (none yet for an invitation). */
  function passwordLink(user: UserRow, purpose: 'reset' | 'invite'): string {
    const token = issueUserToken(config.secretKey, purpose, {
      id: user.id,
      binding: user.passwordHash ?? '',
    });
    return `${config.publicUrl}/change-password/${token}`;
  }

  /**
   * The job of a request: mails a reset link when the address belongs to an active account. Whatever the address,
   * the requester's answer was the same (nobody learns which addresses have accounts); beyond the mail limits
   * (per address and per requesting IP) nothing is sent either, so the endpoint cannot flood a mailbox.
   */
  async function handleRequest(data: unknown): Promise<void> {
    const parsed = resetRequestSchema.safeParse(data);
    if (!parsed.success) return;
    const { email, ip } = parsed.data;
    const user = await users.findByEmail(email.trim());
    if (!user?.active) return;
    if (!(await mailThrottle.allow('passwordReset', user.email.toLowerCase(), ip))) return;
    const link = passwordLink(user, 'reset');
    await mailer.send({ to: user.email, ...passwordResetMail({ username: user.username, link }) });
  }

  /** The active user a reset or invitation token was issued to, while it is unused and unexpired; 'Invalid token' else. */
  async function userOfToken(token: string): Promise<UserRow> {
    const read = readUserToken(token);
    const user = read ? await users.findById(read.userId) : undefined;
    const binding = user?.passwordHash ?? '';
    if (
      !read ||
      !user?.active ||
      !(
        checkUserToken(config.secretKey, 'reset', token, read, binding) ||
        checkUserToken(config.secretKey, 'invite', token, read, binding)
      )
    ) {
      throw invalid(RESET_TEXTS.invalidToken);
    }
    return user;
  }

  return {
    handleRequest,

    /** A superuser sends the reset mail to an account (the admin panel): no mail limit, the account must be active. */
    async sendResetLink(user: UserRow): Promise<void> {
      const link = passwordLink(user, 'reset');
      await mailer.send({ to: user.email, ...passwordResetMail({ username: user.username, link }) });
    },

    /** The invitation to an account a superuser created without a password: a link to set one, valid a week. */
    async sendInvitation(user: UserRow): Promise<void> {
      const link = passwordLink(user, 'invite');
      await mailer.send({ to: user.email, ...invitationMail({ username: user.username, link }) });
    },

    /**
     * A forgotten-password request: handed to the job queue as it is, so the request does the same work and takes
     * the same time whatever the address (looking the account up here answered known addresses measurably later
     * than unknown ones). A process without a queue (the CLI, some tests) handles it at once.
     */
    async requestReset(email: string, client: { ip: string }): Promise<void> {
      if (jobs.attached) await jobs.send(PASSWORD_RESET_JOB, { email, ip: client.ip });
      else await handleRequest({ email, ip: client.ip });
    },

    /** GET /app/auth/reset-password/{token}: whether the link still works, so the page says so before any typing. */
    async checkToken(token: string): Promise<void> {
      await userOfToken(token);
    },

    /** Sets the new password when the token (a reset link or an invitation) is valid; signs the user out everywhere else. */
    async resetWithToken(token: string, password: string, confirm: string): Promise<void> {
      const user = await userOfToken(token);
      if (!password) throw fieldError('invalid', 'password', RESET_TEXTS.required);
      assertPasswordAllowed(password);
      if (password !== confirm) throw fieldError('invalid', 'confirm', RESET_TEXTS.mismatch);
      await users.update(user.id, { passwordHash: await hashPassword(password) });
      await sessions.deleteForUser(user.id);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
