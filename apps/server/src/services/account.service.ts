import type { UserInfo } from '@waymark/contract';
import {
  ACCOUNT_TEXTS,
  type ChangePasswordRequest,
  EMAIL_PATTERN,
  type UpdateProfileRequest,
} from '@waymark/contract';
import { presentUserInfo } from '../presenters/user.presenter.ts';
import type { AppConfig } from '../config.ts';
import { conflict, fieldError, invalid, tooManyRequests } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/password-hash.ts';
import { checkUserToken, issueUserToken, readUserToken } from '../lib/user-token.ts';
import type { Mailer } from '../mail/mailer.ts';
import { confirmEmailMail } from '../mail/templates/confirm-email.mail.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { isUniqueViolation } from '../repositories/unique-violation.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import type { MailThrottle } from './mail-throttle.service.ts';
import { assertPasswordAllowed } from './password-rule.ts';

type Logger = { info(obj: object, msg: string): void };

/**
 * A confirmation link is bound to the address and its unverified state: confirming (or changing the address)
 * changes the binding, so each link works once and only for the address it was mailed to.
 */
const confirmationBinding = (user: Pick<UserRow, 'email' | 'verifiedEmail'>) =>
  `${user.email.toLowerCase()}|${user.verifiedEmail ? 'verified' : 'unverified'}`;

/** A person's own account: profile, password, e-mail confirmation, closing it. */
export function createAccountService(deps: {
  config: AppConfig;
  repos: Repositories;
  mailer: Mailer;
  mailThrottle: MailThrottle;
  log: Logger;
}) {
  const { config, repos, mailer, mailThrottle, log } = deps;
  const { users } = repos;

  /** Mails a confirmation link, within the per-account limit; answers whether it was sent. */
  async function mailConfirmation(user: UserRow): Promise<boolean> {
    if (!(await mailThrottle.allow('confirmEmail', `user:${user.id}`))) return false;
    const token = issueUserToken(config.secretKey, 'confirmEmail', {
      id: user.id,
      binding: confirmationBinding(user),
    });
    const link = `${config.publicUrl}/confirm-email/${token}`;
    await mailer.send({ to: user.email, ...confirmEmailMail({ username: user.username, link }) });
    return true;
  }

  return {
    /**
     * POST /app/auth/user/profile: names (empty means none), address and the notification switch. A new
     * address is unverified until its owner follows the link mailed to it.
     */
    async updateProfile(user: UserRow, input: UpdateProfileRequest): Promise<UserInfo> {
      const changes: Partial<UserRow> = {};
      if (input.first_name !== undefined) changes.firstName = input.first_name || null;
      if (input.last_name !== undefined) changes.lastName = input.last_name || null;
      if (input.receive_notifications !== undefined)
        changes.receiveNotifications = input.receive_notifications;
      const email = input.email;
      const newAddress = email !== undefined && email !== user.email;
      if (email !== undefined && newAddress) {
        if (!EMAIL_PATTERN.test(email)) throw fieldError('invalid', 'email', ACCOUNT_TEXTS.invalidEmail);
        const holder = await users.findByEmail(email);
        if (holder && holder.id !== user.id) throw fieldError('invalid', 'email', ACCOUNT_TEXTS.emailTaken);
        changes.email = email;
        // Only a change of the address itself needs a new confirmation, not one of its letter case.
        if (email.toLowerCase() !== user.email.toLowerCase()) changes.verifiedEmail = false;
      }
      let updated: UserRow;
      try {
        updated = (await users.update(user.id, changes)) ?? user;
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('invalid', 'email', ACCOUNT_TEXTS.emailTaken);
        throw error;
      }
      if (changes.verifiedEmail === false) await mailConfirmation(updated);
      return presentUserInfo(updated);
    },

    /**
     * POST /app/auth/change-password: checks the old password, then the rule of SPEC §5 and the confirmation,
     * each answered under its field. Every other session and Bearer token ends; the session of the caller stays.
     */
    async changePassword(
      user: UserRow,
      input: ChangePasswordRequest,
      keepSessionId: string | undefined,
    ): Promise<void> {
      if (!input.old_password) throw fieldError('invalid', 'old_password', ACCOUNT_TEXTS.required);
      if (!(await verifyPassword(input.old_password, user.passwordHash))) {
        throw fieldError('invalid', 'old_password', ACCOUNT_TEXTS.oldPasswordIncorrect);
      }
      if (!input.password) throw fieldError('invalid', 'password', ACCOUNT_TEXTS.required);
      assertPasswordAllowed(input.password);
      if (input.password !== input.confirm) throw fieldError('invalid', 'confirm', ACCOUNT_TEXTS.mismatch);
      const passwordHash = await hashPassword(input.password);
      await repos.transaction(async (tx) => {
        const updated = await tx.users.update(user.id, { passwordHash });
        await tx.sessions.deleteForUser(user.id, keepSessionId);
        if (keepSessionId !== undefined && updated) {
          await tx.sessions.setTokenEpoch(keepSessionId, user.id, updated.tokenEpoch);
        }
      });
    },

    /** POST /app/auth/confirm-email/{token}: marks the address verified; a bad, used or expired token fails alike. */
    async confirmEmail(token: string): Promise<void> {
      const read = readUserToken(token);
      const user = read ? await users.findById(read.userId) : undefined;
      if (
        !read ||
        !user?.active ||
        user.verifiedEmail ||
        !checkUserToken(config.secretKey, 'confirmEmail', token, read, confirmationBinding(user))
      ) {
        throw invalid(ACCOUNT_TEXTS.invalidToken);
      }
      if (!(await users.markEmailVerified(user.id, user.email))) throw invalid(ACCOUNT_TEXTS.invalidToken);
      log.info({ userId: user.id }, 'e-mail address confirmed');
    },

    /** POST (or GET) /app/auth/resend-confirm-email: a new link to the unverified address, a few per hour. */
    async resendConfirmation(user: UserRow): Promise<void> {
      if (user.verifiedEmail) throw conflict(ACCOUNT_TEXTS.alreadyVerified);
      if (!(await mailConfirmation(user))) throw tooManyRequests(ACCOUNT_TEXTS.tooManyMails);
    },

    /**
     * DELETE /v1/user: the account ends at once (sessions, tokens, memberships, pending access requests, names,
     * password; username and address anonymised). Workspaces the user alone owns are deleted when they hold no
     * project and no other member; if any such workspace still has live projects or other members, closing is
     * refused (nothing would be left to manage them). One whose projects are all removed is kept, ownerless but
     * managed by superusers, until housekeeping purges the projects. A superuser deleting a user (the admin
     * panel) closes it the same way, refused in their words (`refusal`).
     */
    async closeAccount(
      user: UserRow,
      refusal: (workspaces: string[]) => string = ACCOUNT_TEXTS.soleOwner,
    ): Promise<void> {
      await repos.transaction(async (tx) => {
        // Locked first: a co-owner closing their account at the same time, or a project created meanwhile in a
        // workspace about to be deleted, waits for this decision instead of racing it.
        await tx.workspaces.lockMembershipsOf(user.id);
        const owned = await tx.workspaces.soleOwnedBy(user.id);
        const blocking = owned.filter((ws) => ws.liveProjects > 0 || ws.otherMembers > 0);
        if (blocking.length > 0) {
          throw conflict(refusal(blocking.map((ws) => ws.name)));
        }
        await tx.workspaces.deleteMany(owned.filter((ws) => ws.projects === 0).map((ws) => ws.id));
        await tx.users.close(user.id);
      });
      log.info({ userId: user.id }, 'account closed');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
