import { z } from 'zod';
import { optionalString } from './values.ts';

/** The environment variables of outgoing mail: the SMTP server, the sender, the retries. */
export const mailEnv = z.object({
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Waymark <no-reply@waymark.local>'),
  /** Sending a mail is retried this often, the first time after MAIL_RETRY_DELAY_SECONDS, then doubling. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(10),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
});

export type MailSettings = {
  smtpUrl: string | undefined;
  mailRetry: { limit: number; delaySeconds: number };
  mailFrom: string;
};

export function mailSettings(e: z.infer<typeof mailEnv>): MailSettings {
  return {
    smtpUrl: e.SMTP_URL,
    mailRetry: { limit: e.MAIL_RETRY_LIMIT, delaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
    mailFrom: e.MAIL_FROM,
  };
}
