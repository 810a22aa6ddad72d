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

/** The transport in use, for the admin panel: SMTP's host, port and TLS (never the user or password), or the outbox. */
export function describeMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'dataDir'>,
): { type: 'smtp'; host: string; port: number; secure: boolean } | { type: 'outbox'; folder: string } {
  if (!config.smtpUrl) return { type: 'outbox', folder: path.join(config.dataDir, 'outbox') };
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  // nodemailer's defaults: 465 with TLS from the start, 587 otherwise.
  return { type: 'smtp', host: url.hostname, port: url.port ? Number(url.port) : secure ? 465 : 587, secure };
}
