import { NavLink } from 'react-router';
import type { SidebarItem } from '../sidebarItems.ts';

interface SidebarLinkProps {
  item: SidebarItem;
  onNavigate: () => void;
}

function classNameOf(item: SidebarItem, isActive = false): string {
  return ['sidebar-link', item.isNested ? 'sidebar-link--nested' : '', isActive ? 'sidebar-link--active' : '']
    .filter(Boolean)
    .join(' ');
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
        className={classNameOf(item)}
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
      className={({ isActive }) => classNameOf(item, isActive)}
      onClick={onNavigate}
      data-testid={`sidebar-item-${item.id}`}
    >
      {content}
    </NavLink>
  );
}
