import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** To an address invited to a workspace: who invited, the role, and the link that accepts (valid a week). */
export function workspaceInvitationMail(input: {
  workspace: string;
  role: string;
  invitedBy: string;
  link: string;
}): MailContent {
  const invited = `${input.invitedBy} has invited you to join the workspace ${input.workspace} on Waymark as ${input.role}.`;
  const how =
    'Sign in with the account of this e-mail address and accept the invitation within a week. If you have no account yet, ask the workspace admin to create one.';
  const ignore = 'If you did not expect this invitation, ignore this mail.';
  return {
    subject: `You have been invited to the workspace ${input.workspace}`,
    text: `Hello,\n\n${invited}\n${how}\n${input.link}\n\n${ignore}\n`,
    html: htmlMail({
      greeting: 'Hello,',
      paragraphs: [invited, how, ignore],
      link: { href: input.link, label: 'Accept the invitation' },
    }),
  };
}
