import { DASHBOARD_TEXTS } from '@waymark/contract';
import { AccessRequestsCard } from '../features/dashboard/components/AccessRequestsCard.tsx';
import { MaintenanceBanner } from '../features/dashboard/components/MaintenanceBanner.tsx';
import { MobileAppFooter } from '../features/dashboard/components/MobileAppFooter.tsx';
import { PluginTip } from '../features/dashboard/components/PluginTip.tsx';
import { RecentProjectsCard } from '../features/dashboard/components/RecentProjectsCard.tsx';
import { StorageWarning } from '../features/dashboard/components/StorageWarning.tsx';
import { useFreshCurrentWorkspace } from '../features/dashboard/hooks/useFreshCurrentWorkspace.ts';
import { useSession } from '../features/session/hooks/useSession.ts';

/** /dashboard — the landing page of signed-in users. */
export function DashboardPage() {
  const { user } = useSession();
  const workspace = useFreshCurrentWorkspace();
  const greetingName = user?.first_name?.trim() || user?.username;
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{DASHBOARD_TEXTS.title}</h1>
        {greetingName && <p className="page__subtitle">Welcome back, {greetingName}.</p>}
      </header>
      <MaintenanceBanner />
      <StorageWarning workspace={workspace} />
      <AccessRequestsCard workspace={workspace} />
      <PluginTip />
      <RecentProjectsCard workspace={workspace} />
      <MobileAppFooter />
    </div>
  );
}
