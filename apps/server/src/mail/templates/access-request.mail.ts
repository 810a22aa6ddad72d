import { ACCESS_REQUEST_LIFETIME_MS } from '@waymark/contract';
import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** To project owners and workspace admins: someone asked to join a private project. */
export function accessRequestMail(input: {
  recipient: string;
  requester: string;
  namespace: string;
  name: string;
  link: string;
}): MailContent {
  const days = ACCESS_REQUEST_LIFETIME_MS / 86_400_000;
  const asked = `${input.requester} asked for access to the project ${input.namespace}/${input.name}.`;
  const until = `The request can be accepted for ${days} days.`;
  return {
    subject: 'Project access requested',
    text: `Hello ${input.recipient},\n\n${asked}\nThe request can be accepted for ${days} days at ${input.link}\n`,
    html: htmlMail({
      greeting: `Hello ${input.recipient},`,
      paragraphs: [asked, until],
      link: { href: input.link, label: 'Review the request' },
    }),
  };
}
