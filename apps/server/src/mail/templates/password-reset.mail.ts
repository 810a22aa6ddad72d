import type { MailContent } from '../mailer.ts';

/** The single-use link to set a new password. */
export function passwordResetMail(input: { username: string; link: string }): MailContent {
  return {
    subject: 'Reset your Waymark password',
    text: `Hello ${input.username},\n\nsomeone (hopefully you) asked to reset your Waymark password.\nSet a new one within an hour at:\n${input.link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
  };
}
