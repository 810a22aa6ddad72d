import { Button } from 'primereact/button';
import { Link, useLocation } from 'react-router';
import { loginPathWithRedirect } from '../../../lib/paths.ts';
import { useSession } from '../../session/hooks/useSession.ts';
import { type BreadcrumbEntry, useLayoutStore } from '../layoutStore.ts';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';
import { HelpMenu } from './HelpMenu.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { tCommon } from '../../../i18n/common.ts';

interface AppHeaderProps {
  breadcrumbs: BreadcrumbEntry[];
  /** Whether there is a sidebar to toggle on this page. */
  hasDrawer: boolean;
}

/** Top bar of the shell: drawer toggle, breadcrumbs, help and account menus. */
export function AppHeader({ breadcrumbs, hasDrawer }: AppHeaderProps) {
  const { isAuthenticated } = useSession();
  const isDrawerOpen = useLayoutStore((state) => state.drawer);
  const toggleDrawer = useLayoutStore((state) => state.toggleDrawer);
  const location = useLocation();

  return (
    <header className="app-header" data-testid="app-header">
      <div className="app-header__start">
        {hasDrawer && (
          <Button
            icon="pi pi-bars"
            rounded
            text
            severity="secondary"
            aria-label={tCommon('shell.toggleDrawer')}
            aria-expanded={isDrawerOpen}
            onClick={toggleDrawer}
            data-testid="drawer-toggle"
            className="app-header__icon-button"
          />
        )}
        <AppBreadcrumbs entries={breadcrumbs} />
      </div>
      <div className="app-header__end">
        <HelpMenu />
        {isAuthenticated ? (
          <ProfileMenu />
        ) : (
          <Link
            to={loginPathWithRedirect(`${location.pathname}${location.search}`)}
            className="p-button p-button-sm app-header__sign-in"
            data-testid="header-sign-in"
          >
            {tCommon('shell.signIn')}
          </Link>
        )}
      </div>
    </header>
  );
}
