import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** The single-use link that confirms an account's (new) e-mail address. */
export function confirmEmailMail(input: { username: string; link: string }): MailContent {
  const asked =
    'Please confirm that this is your e-mail address for Waymark. The link works once, for 12 hours.';
  const ignore = 'If you did not ask for this, ignore this mail.';
  return {
    subject: 'Confirm your Waymark e-mail address',
    text: `Hello ${input.username},\n\n${asked}\n${input.link}\n\n${ignore}\n`,
    html: htmlMail({
      greeting: `Hello ${input.username},`,
      paragraphs: [asked, ignore],
      link: { href: input.link, label: 'Confirm e-mail address' },
    }),
  };
}
