import type { Workspace } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

export async function fetchWorkspaces(): Promise<Workspace[]> {
  const response = await http.get<Workspace[]>('/v1/workspaces');
  return response.data;
}
