import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** The single-use link to set a new password. */
export function passwordResetMail(input: { username: string; link: string }): MailContent {
  const asked = 'Someone (hopefully you) asked to reset your Waymark password. Set a new one within an hour.';
  const ignore = 'If it was not you, ignore this mail: your password stays as it is.';
  return {
    subject: 'Reset your Waymark password',
    text: `Hello ${input.username},\n\n${asked}\n${input.link}\n\n${ignore}\n`,
    html: htmlMail({
      greeting: `Hello ${input.username},`,
      paragraphs: [asked, ignore],
      link: { href: input.link, label: 'Set a new password' },
    }),
  };
}
