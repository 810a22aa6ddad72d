import { DASHBOARD_TEXTS } from '@waymark/contract';
import { MaintenanceBanner } from '../features/dashboard/components/MaintenanceBanner.tsx';
import { PluginTip } from '../features/dashboard/components/PluginTip.tsx';
import { RecentProjectsCard } from '../features/dashboard/components/RecentProjectsCard.tsx';
import { useSession } from '../features/session/hooks/useSession.ts';

/** /dashboard — the landing page of signed-in users. */
export function DashboardPage() {
  const { user } = useSession();
  const greetingName = user?.first_name?.trim() || user?.username;
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{DASHBOARD_TEXTS.title}</h1>
        {greetingName && <p className="page__subtitle">Welcome back, {greetingName}.</p>}
      </header>
      <MaintenanceBanner />
      <PluginTip />
      <RecentProjectsCard />
    </div>
  );
}
