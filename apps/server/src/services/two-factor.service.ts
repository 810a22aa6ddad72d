import { createHmac, randomInt } from 'node:crypto';
import {
  ADMIN_TEXTS,
  ERROR_TEXTS,
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  SECURITY_TEXTS,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type WorkspaceTwoFactor,
} from '@waymark/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { AppConfig } from '../config.ts';
import { conflict, fieldError, forbidden, notFound, tooManyRequests, unauthorized } from '../lib/errors.ts';
import { verifyPassword } from '../lib/password-hash.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { type Clock, createTtlCache } from '../lib/ttl-cache.ts';
import { checkUserToken, issueUserToken, readUserToken } from '../lib/user-token.ts';
import { canAdministerServer } from '../policies/admin.policy.ts';
import {
  canManageWorkspaceMembers,
  effectiveWorkspaceRole,
  type Actor,
} from '../policies/workspace.policy.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { TwoFactorRow } from '../repositories/two-factor.repository.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import { LOGIN_LIMITS, type AuthService, type ClientInfo } from './auth.service.ts';

/** TOTP as authenticator apps make it: 30-second steps, six digits, SHA-1; one step either side is accepted. */
const STEP_SECONDS = 30;
/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Waymark';
/** Recovery code alphabet: no 0/O or 1/I/L to confuse. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const TOTP_CODE = /^\d{6}$/;

/**
 * Two-factor sign-in (TOTP): enrolment from the profile, the sign-in's second step, recovery codes, remembered
 * browsers, workspaces that require it, and the superuser's reset.
 */
export function createTwoFactorService(deps: {
  config: AppConfig;
  repos: Repositories;
  auth: AuthService;
  /** The cache's clock (tests move their own). */
  clock?: Clock | undefined;
}) {
  const { config, repos, auth } = deps;
  const box = createSecretBox(config.secretKey, 'totp');
  // Workspaces requiring two-factor of a user without it, asked on each of their requests: kept briefly.
  const requiredBy = createTtlCache<number, string[]>({
    max: 10_000,
    ttlMs: config.cacheTtlMs.users,
    clock: deps.clock,
  });

  // Keyed by the server's secret: the codes are short, so a plain hash in a copied database could be guessed.
  // Letter case and dashes do not count.
  const hashRecoveryCode = (userId: number, code: string) =>
    createHmac('sha256', `${config.secretKey}:recovery-code`)
      .update(`${userId}|${code.toLowerCase().replace(/-/g, '')}`)
      .digest('hex');

  function newRecoveryCode(): string {
    const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
  }

  async function newRecoveryCodes(userId: number): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repos.twoFactor.replaceRecoveryCodes(
      userId,
      codes.map((code) => hashRecoveryCode(userId, code)),
    );
    return { recovery_codes: codes };
  }

  /** The time step of a right TOTP code not used before (later than `lastStep`), or null. */
  async function totpStep(row: TwoFactorRow, code: string, now: Date): Promise<number | null> {
    const secret = box.open(row.secret);
    if (!secret || !TOTP_CODE.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: STEP_SECONDS,
      afterTimeStep: row.lastStep,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** Whether `code` (a TOTP code or an unused recovery code) is right for the enrolled user; spends it if so. */
  async function spendCode(row: TwoFactorRow, code: string, now: Date): Promise<boolean> {
    const step = await totpStep(row, code, now);
    if (step !== null) return repos.twoFactor.acceptStep(row.userId, step);
    return repos.twoFactor.useRecoveryCode(row.userId, hashRecoveryCode(row.userId, code), now);
  }

  const enrolled = async (userId: number) => {
    const row = await repos.twoFactor.find(userId);
    return row?.confirmedAt ? row : undefined;
  };

  const deviceBinding = (user: UserRow, row: TwoFactorRow) =>
    `${user.tokenEpoch}|${row.confirmedAt?.getTime() ?? 0}`;

  /** A challenge for the sign-in's second step, bound to the token epoch, the enrolment and the password. */
  const challengeOf = (user: UserRow, row: TwoFactorRow, now: Date) =>
    issueUserToken(
      config.secretKey,
      'twoFactorChallenge',
      {
        id: user.id,
        binding: `${user.tokenEpoch}|${row.confirmedAt?.getTime() ?? 0}|${user.passwordHash ?? ''}`,
      },
      now.getTime(),
    );

  async function checkPassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw fieldError('invalid', 'password', SECURITY_TEXTS.wrongPassword);
    }
  }

  return {
    async status(user: UserRow): Promise<TwoFactorStatus> {
      const row = await enrolled(user.id);
      return {
        enabled: row !== undefined,
        recovery_codes_left: row ? await repos.twoFactor.recoveryCodesLeft(user.id) : 0,
        required_by: await repos.twoFactor.requiringWorkspaces(user.id),
      };
    },

    /** Starts enrolment: a new secret, its otpauth URL and QR code. Refused while two-factor is on. */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      const secret = generateSecret();
      if (!(await repos.twoFactor.savePending(user.id, box.seal(secret)))) {
        throw conflict(SECURITY_TEXTS.alreadyEnabled);
      }
      const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauth_url: otpauthUrl,
        qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Confirms enrolment with a code of the new secret; answers the recovery codes, shown this once. */
    async enable(user: UserRow, code: string, now = new Date()): Promise<RecoveryCodes> {
      const row = await repos.twoFactor.find(user.id);
      if (!row) throw conflict(SECURITY_TEXTS.noEnrolment);
      if (row.confirmedAt) throw conflict(SECURITY_TEXTS.alreadyEnabled);
      const step = await totpStep(row, code, now);
      if (step === null || !(await repos.twoFactor.acceptStep(user.id, step, now))) {
        throw fieldError('invalid', 'code', SECURITY_TEXTS.wrongEnrolmentCode);
      }
      requiredBy.forget(user.id);
      return newRecoveryCodes(user.id);
    },

    /** Turns two-factor sign-in off (the password again). */
    async disable(user: UserRow, password: string): Promise<void> {
      await checkPassword(user, password);
      if (!(await repos.twoFactor.remove(user.id))) throw conflict(SECURITY_TEXTS.notEnabled);
      requiredBy.forget(user.id);
    },

    /** New recovery codes in place of the old ones (the password again). */
    async regenerateRecoveryCodes(user: UserRow, password: string): Promise<RecoveryCodes> {
      await checkPassword(user, password);
      if (!(await enrolled(user.id))) throw conflict(SECURITY_TEXTS.notEnabled);
      return newRecoveryCodes(user.id);
    },

    /**
     * The web sign-in's first step: checks the password (auth.login); answers the signed-in user, or a challenge
     * for the second step when two-factor is on and `rememberCookie` does not name this user's enrolment.
     */
    async signIn(
      input: { login: string; password: string },
      client: ClientInfo,
      rememberCookie: string | undefined,
      now = new Date(),
    ): Promise<{ user: UserRow } | { challenge: string }> {
      const user = await auth.login(input, client, { revealsDeactivation: true });
      const row = await enrolled(user.id);
      if (!row) return { user };
      if (rememberCookie) {
        const read = readUserToken(rememberCookie, now.getTime());
        if (
          read?.userId === user.id &&
          checkUserToken(config.secretKey, 'twoFactorDevice', rememberCookie, read, deviceBinding(user, row))
        ) {
          return { user };
        }
      }
      return { challenge: challengeOf(user, row, now) };
    },

    /**
     * The second step's challenge for a user who proved who they are another way (single sign-on), when their
     * two-factor sign-in is on; undefined when it is off.
     */
    async challengeFor(user: UserRow, now = new Date()): Promise<string | undefined> {
      const row = await enrolled(user.id);
      return row ? challengeOf(user, row, now) : undefined;
    },

    /**
     * The sign-in's second step: the challenge of the first and a code (TOTP or recovery), throttled as password
     * attempts are. Answers the user, and the 'remember this device' cookie value when asked for.
     */
    async completeSignIn(
      input: { challenge: string; code: string; remember_device: boolean },
      client: ClientInfo,
      now = new Date(),
    ): Promise<{ user: UserRow; rememberDevice?: { value: string; expiresAt: Date } }> {
      const read = readUserToken(input.challenge, now.getTime());
      const user = read ? await repos.users.findById(read.userId) : undefined;
      const row = user ? await enrolled(user.id) : undefined;
      const binding =
        user && row ? `${user.tokenEpoch}|${row.confirmedAt?.getTime() ?? 0}|${user.passwordHash ?? ''}` : '';
      if (
        !read ||
        !user ||
        !row ||
        !user.active ||
        !checkUserToken(config.secretKey, 'twoFactorChallenge', input.challenge, read, binding)
      ) {
        throw unauthorized(SECURITY_TEXTS.challengeExpired);
      }
      const attemptId = await repos.loginAttempts.reserve(
        {
          accountKey: `two-factor:${user.id}`,
          ip: client.ip,
          userId: user.id,
          userAgent: client.userAgent ?? null,
        },
        {
          since: new Date(now.getTime() - LOGIN_LIMITS.windowMs),
          perAccount: LOGIN_LIMITS.perAccount,
          perIp: LOGIN_LIMITS.perIp,
        },
      );
      if (attemptId === null) throw tooManyRequests(ERROR_TEXTS.tooManyLogins);
      if (!(await spendCode(row, input.code, now))) {
        throw fieldError('invalid', 'code', SECURITY_TEXTS.wrongCode);
      }
      await repos.loginAttempts.markSucceeded(attemptId);
      const signedIn = (await repos.users.update(user.id, { lastSignedIn: now })) ?? user;
      if (!input.remember_device) return { user: signedIn };
      const value = issueUserToken(
        config.secretKey,
        'twoFactorDevice',
        { id: user.id, binding: deviceBinding(signedIn, row) },
        now.getTime(),
      );
      const read2 = readUserToken(value, now.getTime());
      return { user: signedIn, rememberDevice: { value, expiresAt: new Date((read2?.expires ?? 0) * 1000) } };
    },

    /** The clients' API sign-in: refused to accounts with two-factor on (after the password proved right). */
    async apiLogin(input: { login: string; password: string }, client: ClientInfo): Promise<UserRow> {
      const user = await auth.login(input, client);
      if (await enrolled(user.id)) throw unauthorized(SECURITY_TEXTS.apiLoginTwoFactor);
      const required = await repos.twoFactor.requiringWorkspaces(user.id);
      if (required.length > 0) throw forbidden(SECURITY_TEXTS.requiredByWorkspace(required));
      return user;
    },

    /**
     * The workspaces that require two-factor of this user while they have it off (empty otherwise): such a user can
     * only turn it on (plugins/auth.ts lets few calls through).
     */
    async requiredOf(user: UserRow): Promise<string[]> {
      return (
        (await requiredBy.through(user.id, async () => {
          // Most users belong to no such workspace: one query, and the second only for the others.
          const names = await repos.twoFactor.requiringWorkspaces(user.id);
          return names.length > 0 && (await enrolled(user.id)) ? [] : names;
        })) ?? []
      );
    },

    /** The workspaces the caller may set the rule of (admins and owners; superusers: every one they belong to). */
    async workspaces(user: UserRow): Promise<WorkspaceTwoFactor[]> {
      const actor = { id: user.id, isAdmin: user.isAdmin };
      const rows = await repos.workspaces.listForUser(user.id);
      return rows
        .filter((row) => canManageWorkspaceMembers(effectiveWorkspaceRole(actor, row.role, config)))
        .map((row) => ({ id: row.id, name: row.name, require_two_factor: row.requireTwoFactor }));
    },

    /** Sets whether a workspace requires two-factor sign-in of its members (its admins and owners, superusers). */
    async setWorkspaceRule(
      actor: NonNullable<Actor>,
      workspaceId: number,
      required: boolean,
    ): Promise<WorkspaceTwoFactor> {
      const workspace = await repos.workspaces.findById(workspaceId);
      if (!workspace) throw notFound(ERROR_TEXTS.workspaceNotFound);
      const role = await repos.workspaces.findMemberRole(workspaceId, actor.id);
      if (!canManageWorkspaceMembers(effectiveWorkspaceRole(actor, role, config))) {
        throw forbidden(ERROR_TEXTS.permissionDenied);
      }
      // Or the admin would lock themself out of everything but the enrolment.
      if (required && !(await enrolled(actor.id))) throw conflict(SECURITY_TEXTS.ownTwoFactorFirst);
      const row = await repos.twoFactor.setRequired(workspaceId, required);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      requiredBy.clear();
      return { id: row.id, name: row.name, require_two_factor: row.requireTwoFactor };
    },

    /** A superuser turns a user's two-factor sign-in off (lost device and codes). */
    async adminReset(actor: Actor, username: string): Promise<void> {
      if (!actor || !canAdministerServer(actor)) throw forbidden(ERROR_TEXTS.permissionDenied);
      const user = await repos.users.findByUsername(username);
      if (!user || user.username.startsWith('.')) throw notFound(ADMIN_TEXTS.userNotFound);
      if (!(await repos.twoFactor.remove(user.id))) throw conflict(SECURITY_TEXTS.notEnabled);
      requiredBy.forget(user.id);
    },

    /** Of these users, those with two-factor sign-in on (the admin panel's lists). */
    async enabledAmong(userIds: number[]): Promise<Set<number>> {
      return repos.twoFactor.enabledAmong(userIds);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
