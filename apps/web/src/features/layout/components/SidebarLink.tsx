import { NavLink } from 'react-router';
import type { SidebarItem } from '../sidebarItems.ts';

interface SidebarLinkProps {
  item: SidebarItem;
  onNavigate: () => void;
}

function linkClassName({ isActive }: { isActive: boolean }): string {
  return isActive ? 'sidebar-link sidebar-link--active' : 'sidebar-link';
}

/** One sidebar entry; external addresses open in a new tab so the app stays where it was. */
export function SidebarLink({ item, onNavigate }: SidebarLinkProps) {
  const content = (
    <>
      <i className={`sidebar-link__icon ${item.icon}`} aria-hidden="true" />
      <span className="sidebar-link__label">{item.label}</span>
    </>
  );
  if (item.href !== undefined) {
    return (
      <a
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        className="sidebar-link"
        onClick={onNavigate}
        data-testid={`sidebar-item-${item.id}`}
      >
        {content}
        <i className="sidebar-link__external pi pi-external-link" aria-hidden="true" />
      </a>
    );
  }
  return (
    <NavLink
      to={item.to}
      className={linkClassName}
      onClick={onNavigate}
      data-testid={`sidebar-item-${item.id}`}
    >
      {content}
    </NavLink>
  );
}
