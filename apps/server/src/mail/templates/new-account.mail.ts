import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** To a user a superuser created (POST /v2/users with notify_user): where and as whom to sign in. */
export function newAccountMail(input: { username: string; signInUrl: string }): MailContent {
  const created = 'An account was created for you on Waymark.';
  const username = `Username: ${input.username}`;
  return {
    subject: 'Your Waymark account',
    text: `Hello ${input.username},\n\n${created}\n${username}\nSign in at ${input.signInUrl}.\n`,
    html: htmlMail({
      greeting: `Hello ${input.username},`,
      paragraphs: [created, username],
      link: { href: input.signInUrl, label: 'Sign in' },
    }),
  };
}
