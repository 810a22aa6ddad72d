import {
  ADMIN_PATH,
  DASHBOARD_PATH,
  MY_PROJECTS_PATH,
  PROJECTS_PATH,
  SHARED_PROJECTS_PATH,
  WORKSPACE_WEBHOOKS_PATH,
} from '../../lib/paths.ts';
import { tCommon } from '../../i18n/common.ts';

/** A sidebar entry: an in-app route (`to`) or an external address (`href`, opened in a new tab). */
export type SidebarItem = {
  id: string;
  label: string;
  /** A primeicons class, e.g. `pi pi-home`. */
  icon: string;
  /** Shown indented under the entry before it (the project lists under Projects). */
  isNested?: boolean;
} & ({ to: string; href?: never } | { href: string; to?: never });

/**
 * SPEC §2 "Shell": Dashboard and Projects for everyone, Admin Panel for superusers. Under Projects, the lists of
 * the projects one created and of those shared with one (the my_projects and shared_projects routes): a project
 * shared from another workspace is not in the current workspace's list, and would be found nowhere else.
 */
export function buildSidebarItems({
  isSuperuser,
  canManageWorkspace = false,
}: {
  isSuperuser: boolean;
  /** An admin of the current workspace: its Webhooks page (issue 29). */
  canManageWorkspace?: boolean;
}): SidebarItem[] {
  const items: SidebarItem[] = [
    { id: 'dashboard', label: tCommon('shell.dashboard'), icon: 'pi pi-home', to: DASHBOARD_PATH },
    { id: 'projects', label: tCommon('shell.projects'), icon: 'pi pi-folder', to: PROJECTS_PATH },
    {
      id: 'my-projects',
      label: tCommon('shell.myProjects'),
      icon: 'pi pi-user',
      to: MY_PROJECTS_PATH,
      isNested: true,
    },
    {
      id: 'shared-projects',
      label: tCommon('shell.sharedProjects'),
      icon: 'pi pi-users',
      to: SHARED_PROJECTS_PATH,
      isNested: true,
    },
  ];
  if (canManageWorkspace) {
    items.push({
      id: 'webhooks',
      label: tCommon('shell.webhooks'),
      icon: 'pi pi-send',
      to: WORKSPACE_WEBHOOKS_PATH,
    });
  }
  if (isSuperuser) {
    items.push({ id: 'admin', label: tCommon('shell.adminPanel'), icon: 'pi pi-shield', to: ADMIN_PATH });
  }
  return items;
}
