import type { Workspace } from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

export async function fetchWorkspaces(): Promise<Workspace[]> {
  return api.workspaces.list();
}
