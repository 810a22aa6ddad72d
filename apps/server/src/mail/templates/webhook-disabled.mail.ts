import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** To a workspace's admins: a webhook was turned off after deliveries failed in a row. */
export function webhookDisabledMail(input: {
  recipient: string;
  workspace: string;
  url: string;
  failures: number;
  lastError: string | null;
  link: string;
}): MailContent {
  const what = `The webhook ${input.url} of the workspace ${input.workspace} was turned off: its last ${input.failures} deliveries failed.`;
  const why = input.lastError ? `The last error: ${input.lastError}` : undefined;
  const how =
    'Events are no longer sent to it. Check the receiver, then enable the webhook again in the workspace settings; the delivery log shows each try.';
  const paragraphs = [what, ...(why ? [why] : []), how];
  return {
    subject: `Webhook turned off in ${input.workspace}`,
    text: `Hello ${input.recipient},\n\n${paragraphs.join('\n')}\n${input.link}\n`,
    html: htmlMail({
      greeting: `Hello ${input.recipient},`,
      paragraphs,
      link: { href: input.link, label: 'Open the webhooks' },
    }),
  };
}
