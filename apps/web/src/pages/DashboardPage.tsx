import { AccessRequestsCard } from '../features/dashboard/components/AccessRequestsCard.tsx';
import { MobileAppFooter } from '../features/dashboard/components/MobileAppFooter.tsx';
import { PluginTip } from '../features/dashboard/components/PluginTip.tsx';
import { RecentProjectsCard } from '../features/dashboard/components/RecentProjectsCard.tsx';
import { StorageWarning } from '../features/dashboard/components/StorageWarning.tsx';
import { useSession } from '../features/session/hooks/useSession.ts';
import { useCurrentWorkspace } from '../features/workspaces/hooks/useCurrentWorkspace.ts';
import { tCommon } from '../i18n/common.ts';

/** /dashboard — the landing page of signed-in users. */
export function DashboardPage() {
  const { user } = useSession();
  // Storage usage grows with every upload, so the dashboard asks for the workspaces again.
  const workspace = useCurrentWorkspace({ isRefreshed: true });
  const greetingName = user?.first_name?.trim() || user?.username;
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{tCommon('dashboard.title')}</h1>
        {greetingName && <p className="page__subtitle">Welcome back, {greetingName}.</p>}
      </header>
      <StorageWarning workspace={workspace} />
      <AccessRequestsCard workspace={workspace} />
      <PluginTip />
      <RecentProjectsCard />
      <MobileAppFooter />
    </div>
  );
}
