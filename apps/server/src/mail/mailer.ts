import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';

/** What a template renders: everything of a mail but the recipient. */
export type MailContent = { subject: string; text: string; html: string };

export type Mail = MailContent & { to: string };

export type Mailer = { send(mail: Mail): Promise<void> };

type Logger = { info(obj: object, msg: string): void };

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each mail as an .eml file to data/outbox and
 * logs it, so a single-machine install works end to end without a mail server.
 */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: Logger,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL set)');
    },
  };
}
