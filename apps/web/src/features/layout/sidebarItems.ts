import { SHELL_TEXTS } from '@waymark/contract';
import { ADMIN_PATH, DASHBOARD_PATH, PROJECTS_PATH } from '../../lib/paths.ts';

/** A sidebar entry: an in-app route (`to`) or an external address (`href`, opened in a new tab). */
export type SidebarItem = {
  id: string;
  label: string;
  /** A primeicons class, e.g. `pi pi-home`. */
  icon: string;
} & ({ to: string; href?: never } | { href: string; to?: never });

/** SPEC §2 "Shell": Dashboard and Projects for everyone, Admin Panel for superusers. */
export function buildSidebarItems({ isSuperuser }: { isSuperuser: boolean }): SidebarItem[] {
  const items: SidebarItem[] = [
    { id: 'dashboard', label: SHELL_TEXTS.dashboard, icon: 'pi pi-home', to: DASHBOARD_PATH },
    { id: 'projects', label: SHELL_TEXTS.projects, icon: 'pi pi-folder', to: PROJECTS_PATH },
  ];
  if (isSuperuser) {
    items.push({ id: 'admin', label: SHELL_TEXTS.adminPanel, icon: 'pi pi-shield', to: ADMIN_PATH });
  }
  return items;
}
