import { AdminTokens } from '../features/admin/components/AdminTokens.tsx';

/** /admin/tokens — every user's personal access tokens (issue 29). */
export function AdminTokensPage() {
  return <AdminTokens />;
}
