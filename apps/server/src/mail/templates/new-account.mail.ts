import type { MailContent } from '../mailer.ts';

/** To a user a superuser created (POST /v2/users with notify_user): where and as whom to sign in. */
export function newAccountMail(input: { username: string; signInUrl: string }): MailContent {
  return {
    subject: 'Your Waymark account',
    text: `Hello ${input.username},\n\nan account was created for you on Waymark.\nUsername: ${input.username}\nSign in at ${input.signInUrl}.\n`,
  };
}
