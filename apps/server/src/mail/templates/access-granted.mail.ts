import { PROJECT_ROLE_OPTIONS, type ProjectRole } from '@waymark/contract';
import { htmlMail } from '../html.ts';
import type { MailContent } from '../mailer.ts';

/** To the requester: an owner accepted their access request, with the role it gave. */
export function accessGrantedMail(input: {
  recipient: string;
  namespace: string;
  name: string;
  role: ProjectRole;
  link: string;
}): MailContent {
  const option = PROJECT_ROLE_OPTIONS.find((o) => o.value === input.role);
  const granted = `Your request for access to the project ${input.namespace}/${input.name} was accepted.`;
  const role = `Your permission: ${option?.label ?? input.role} (${option?.description.toLowerCase() ?? ''}).`;
  return {
    subject: 'Project access granted',
    text: `Hello ${input.recipient},\n\n${granted}\n${role}\nOpen it at ${input.link}\n`,
    html: htmlMail({
      greeting: `Hello ${input.recipient},`,
      paragraphs: [granted, role],
      link: { href: input.link, label: 'Open the project' },
    }),
  };
}
