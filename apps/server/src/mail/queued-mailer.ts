import { z } from 'zod';
import type { JobSender } from '../jobs/queue.ts';
import type { Mail, Mailer } from './mailer.ts';

import { FAILED_MAIL_QUEUE, MAIL_JOB } from '../jobs/job-names.ts';

const mailSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

type Logger = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Mail that never holds up a request: services hand each mail to the job queue (a row in the database, so it
 * survives a restart), and the mail job sends it over the transport, retried with backoff. A process without
 * a queue (the CLI, tests that start none) sends at once instead.
 */
export function createQueuedMailer(deps: { jobs: JobSender; transport: Mailer; log: Logger }) {
  const { jobs, transport, log } = deps;
  const mailer: Mailer = {
    async send(mail) {
      if (jobs.attached) await jobs.send(MAIL_JOB, mail);
      else await transport.send(mail);
    },
  };
  return {
    /** What services send with. */
    mailer,
    /**
     * Runs one try of the mail job. A failed try throws so the queue retries it; the last failed try is logged
     * with its reason (the mail then waits in FAILED_MAIL_QUEUE, see docs/OPERATIONS.md).
     */
    async deliver(data: unknown, attempt: { retryCount: number; last: boolean }): Promise<void> {
      const parsed = mailSchema.safeParse(data);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues }, 'mail job without a valid mail; dropped');
        return;
      }
      const mail: Mail = parsed.data;
      try {
        await transport.send(mail);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const about = { to: mail.to, subject: mail.subject, reason, tries: attempt.retryCount + 1 };
        if (attempt.last) {
          log.error(about, `mail could not be sent; kept in the ${FAILED_MAIL_QUEUE} queue`);
        } else {
          log.warn(about, 'mail not sent yet; will try again');
        }
        throw error;
      }
    },
  };
}
