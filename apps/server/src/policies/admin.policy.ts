import type { Actor } from './workspace.policy.ts';

/** The admin panel (users, workspaces, every project, maintenance, usage) is for superusers only. */
export function canAdministerServer(actor: Actor): boolean {
  return actor?.isAdmin === true;
}
