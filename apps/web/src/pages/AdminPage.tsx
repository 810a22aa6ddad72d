import { SHELL_TEXTS } from '@waymark/contract';
import { PagePlaceholder } from '../ui/PagePlaceholder.tsx';

/** /admin — superusers only; placeholder until the admin issue. */
export function AdminPage() {
  return (
    <PagePlaceholder
      title={SHELL_TEXTS.adminPanel}
      description="Users, workspaces and server settings will be administered here."
      icon="pi pi-shield"
    />
  );
}
