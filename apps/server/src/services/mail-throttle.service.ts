import type { Repositories } from '../repositories/repositories.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How many mails of each kind may go out within the window: per key (the target address; the requester and
 * project) and, where given, per IP address of the request that caused them. Beyond a limit nothing is sent and
 * the caller answers as if it had been.
 */
export const MAIL_LIMITS = {
  /** Anyone may ask for a reset link: 3 mails per address and 20 per requesting IP address an hour. */
  passwordReset: { windowMs: HOUR_MS, perKey: 3, perIp: 20 },
  /** Confirmation links per account (resent or after an address change): 5 an hour. */
  confirmEmail: { windowMs: HOUR_MS, perKey: 5 },
  /** Owners hear of a requester's wish to join a project once a day, however often it is withdrawn and repeated. */
  accessRequest: { windowMs: 24 * HOUR_MS, perKey: 1 },
} as const satisfies Record<string, { windowMs: number; perKey: number; perIp?: number }>;

export type MailKind = keyof typeof MAIL_LIMITS;

type Logger = { warn(obj: object, msg: string): void };

/** Counts rate-limited mails in the database, so the limits hold across every server process. */
export function createMailThrottle(deps: { repos: Pick<Repositories, 'mailLog'>; log: Logger }) {
  const { mailLog } = deps.repos;
  const { log } = deps;

  return {
    /**
     * Reserves one mail of `kind` for `key` (and `ip`): true when it is within the limits and may be sent.
     * The mail is recorded first and counted with everything else in the window, so processes racing for the
     * last free place may all give it up, but together they never exceed a limit.
     */
    async allow(kind: MailKind, key: string, ip?: string): Promise<boolean> {
      const limit: { windowMs: number; perKey: number; perIp?: number } = MAIL_LIMITS[kind];
      const id = await mailLog.record({ kind, key, ip: ip ?? null });
      const forKey = await mailLog.countForKey(kind, key, limit.windowMs);
      const forIp =
        ip !== undefined && limit.perIp !== undefined
          ? await mailLog.countForIp(kind, ip, limit.windowMs)
          : 0;
      if (forKey <= limit.perKey && (limit.perIp === undefined || forIp <= limit.perIp)) return true;
      await mailLog.remove(id);
      log.warn({ kind, key, ip }, 'mail limit reached; not sent');
      return false;
    },

    /** Forgets mails older than every window. */
    purgeExpired(now = new Date()): Promise<number> {
      const longest = Math.max(...Object.values(MAIL_LIMITS).map((limit) => limit.windowMs));
      return deps.repos.mailLog.purgeBefore(new Date(now.getTime() - longest));
    },
  };
}

export type MailThrottle = ReturnType<typeof createMailThrottle>;
