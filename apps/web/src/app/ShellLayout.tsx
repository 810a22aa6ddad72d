import { abilitiesOfWorkspaceRole } from '@waymark/contract';
import { useMemo } from 'react';
import { Outlet, useMatches } from 'react-router';
import { AppHeader } from '../features/layout/components/AppHeader.tsx';
import { AppSidebar } from '../features/layout/components/AppSidebar.tsx';
import { MaintenanceBanner } from '../features/layout/components/MaintenanceBanner.tsx';
import { useLayoutStore } from '../features/layout/layoutStore.ts';
import { buildSidebarItems } from '../features/layout/sidebarItems.ts';
import { useSession } from '../features/session/hooks/useSession.ts';
import { useCurrentWorkspace } from '../features/workspaces/hooks/useCurrentWorkspace.ts';
import { UploadProgressToast } from '../features/upload/components/UploadProgressToast.tsx';
import { getRouteBreadcrumbs, getRouteHandle } from './routeHandle.ts';
import { tCommon } from '../i18n/common.ts';

/** The app frame: sidebar (signed-in users, routes that define one), header, the maintenance banner and the page. */
export function ShellLayout() {
  const { isAuthenticated, isSuperuser } = useSession();
  const matches = useMatches();
  const pageBreadcrumbs = useLayoutStore((state) => state.breadcrumbs);
  const isDrawerOpen = useLayoutStore((state) => state.drawer);
  const isOverlay = useLayoutStore((state) => state.isUnderOverlayBreakpoint);
  const workspace = useCurrentWorkspace();
  const canManageWorkspace =
    workspace !== undefined && abilitiesOfWorkspaceRole(workspace.role, true).manageMembers;
  const sidebarItems = useMemo(
    () => buildSidebarItems({ isSuperuser, canManageWorkspace }),
    [isSuperuser, canManageWorkspace],
  );

  const hasSidebar = isAuthenticated && matches.some((match) => getRouteHandle(match)?.sidebar);
  const breadcrumbs = pageBreadcrumbs ?? getRouteBreadcrumbs(matches);
  const isContentShifted = hasSidebar && isDrawerOpen && !isOverlay;

  return (
    <div className={isContentShifted ? 'app-shell app-shell--drawer-open' : 'app-shell'}>
      {/* The first stop of the keyboard: past the sidebar and header, straight to the page. */}
      <a href="#main-content" className="skip-link" data-testid="skip-link">
        {tCommon('shell.skipToContent')}
      </a>
      {hasSidebar && <AppSidebar items={sidebarItems} />}
      <div className="app-shell__main">
        <AppHeader breadcrumbs={breadcrumbs} hasDrawer={hasSidebar} />
        <main className="app-shell__content" id="main-content" tabIndex={-1}>
          <MaintenanceBanner />
          <Outlet />
        </main>
      </div>
      <UploadProgressToast />
    </div>
  );
}
