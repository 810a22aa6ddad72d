import { PagePlaceholder } from '../ui/PagePlaceholder.tsx';

/** /profile — placeholder until the profile issue. */
export function ProfilePage() {
  return (
    <PagePlaceholder
      title="Account details"
      description="Your account details, password and notification settings will be managed here."
      icon="pi pi-user"
    />
  );
}
