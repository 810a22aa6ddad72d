import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** To a user a superuser created without a password (the admin panel): a link to set one, valid a week. */
export function invitationMail(input: { username: string; link: string }): MailContent {
  const invited =
    'You have been invited to Waymark. Set your password within a week to start using your account.';
  const username = `Your username: ${input.username}`;
  const ignore = 'If you did not expect this invitation, ignore this mail.';
  return {
    subject: 'You have been invited to Waymark',
    text: `Hello ${input.username},\n\n${invited}\n${username}\n${input.link}\n\n${ignore}\n`,
    html: htmlMail({
      greeting: `Hello ${input.username},`,
      paragraphs: [invited, username, ignore],
      link: { href: input.link, label: 'Set your password' },
    }),
  };
}
