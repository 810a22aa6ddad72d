import { isStrongPassword, PASSWORD_RULE_TEXT } from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { fieldError, invalid } from '../lib/errors.ts';
import { hashPassword } from '../lib/password-hash.ts';
import { checkUserToken, issueUserToken, readUserToken } from '../lib/user-token.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from '../mail/templates/invitation.mail.ts';
import { passwordResetMail } from '../mail/templates/password-reset.mail.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import type { MailThrottle } from './mail-throttle.service.ts';

export const RESET_TEXTS = {
  invalidToken: 'Invalid token',
  mismatch: 'Passwords do not match.',
  required: 'This field is required.',
} as const;

/** Forgotten passwords: a mailed single-use link, then a new password set with it. */
export function createPasswordResetService(deps: {
  config: AppConfig;
  repos: Repositories;
  mailer: Mailer;
  mailThrottle: MailThrottle;
}) {
  const { config, mailer, mailThrottle } = deps;
  const { users, sessions } = deps.repos;

  /** A link that sets the password once: bound to the current password hash (none yet for an invitation). */
  function passwordLink(user: UserRow, purpose: 'reset' | 'invite'): string {
    const token = issueUserToken(config.secretKey, purpose, {
      id: user.id,
      binding: user.passwordHash ?? '',
    });
    return `${config.publicUrl}/change-password/${token}`;
  }

  return {
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
     * Mails a reset link when the address belongs to an active account. Whatever the address, the answer is the
     * same (so nobody learns which addresses have accounts); beyond the mail limits (per address and per
     * requesting IP) nothing is sent either, so the endpoint cannot be used to flood a mailbox.
     */
    async requestReset(email: string, client: { ip: string }): Promise<void> {
      const user = await users.findByEmail(email.trim());
      if (!user?.active) return;
      if (!(await mailThrottle.allow('passwordReset', user.email.toLowerCase(), client.ip))) return;
      const link = passwordLink(user, 'reset');
      await mailer.send({ to: user.email, ...passwordResetMail({ username: user.username, link }) });
    },

    /** Sets the new password when the token (a reset link or an invitation) is valid; signs the user out everywhere else. */
    async resetWithToken(token: string, password: string, confirm: string): Promise<void> {
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
      if (!password) throw fieldError('invalid', 'password', RESET_TEXTS.required);
      if (!isStrongPassword(password)) throw fieldError('invalid', 'password', PASSWORD_RULE_TEXT);
      if (password !== confirm) throw fieldError('invalid', 'confirm', RESET_TEXTS.mismatch);
      await users.update(user.id, { passwordHash: await hashPassword(password) });
      await sessions.deleteForUser(user.id);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
