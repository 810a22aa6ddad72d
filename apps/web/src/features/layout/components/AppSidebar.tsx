import { Button } from 'primereact/button';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from '../../../lib/paths.ts';
import { WaymarkLogo } from '../../../ui/WaymarkLogo.tsx';
import { usePing } from '../../session/hooks/useInstance.ts';
import { useLayoutStore } from '../layoutStore.ts';
import type { SidebarItem } from '../sidebarItems.ts';
import { SidebarLink } from './SidebarLink.tsx';
import { tCommon } from '../../../i18n/common.ts';

interface AppSidebarProps {
  items: SidebarItem[];
}

/** The navigation drawer: pushed beside the content on wide screens, flying over it on narrow ones. */
export function AppSidebar({ items }: AppSidebarProps) {
  const isOpen = useLayoutStore((state) => state.drawer);
  const isOverlay = useLayoutStore((state) => state.isUnderOverlayBreakpoint);
  const setDrawer = useLayoutStore((state) => state.setDrawer);
  const serverVersion = usePing()?.version;

  // SPEC §2: on narrow screens picking an item closes the drawer, so the chosen page is not covered.
  const handleNavigate = () => {
    if (isOverlay) setDrawer(false);
  };

  const className = [
    'app-sidebar',
    isOpen ? 'app-sidebar--open' : 'app-sidebar--closed',
    isOverlay ? 'app-sidebar--overlay' : 'app-sidebar--static',
  ].join(' ');

  return (
    <>
      <aside className={className} data-testid="app-sidebar">
        <div className="app-sidebar__brand">
          <Link to={DASHBOARD_PATH} className="app-sidebar__logo" onClick={handleNavigate}>
            <WaymarkLogo />
          </Link>
          {isOverlay && (
            <Button
              icon="pi pi-times"
              rounded
              text
              severity="secondary"
              aria-label={tCommon('shell.toggleDrawer')}
              onClick={() => setDrawer(false)}
            />
          )}
        </div>
        <nav className="app-sidebar__nav" aria-label={tCommon('shell.mainNavigation')}>
          <ul className="app-sidebar__list">
            {items.map((item) => (
              <li key={item.id}>
                <SidebarLink item={item} onNavigate={handleNavigate} />
              </li>
            ))}
          </ul>
        </nav>
        {serverVersion && <p className="app-sidebar__footer">Server {serverVersion}</p>}
      </aside>
      {isOverlay && isOpen && (
        <div className="app-sidebar-mask" aria-hidden="true" onClick={() => setDrawer(false)} />
      )}
    </>
  );
}
