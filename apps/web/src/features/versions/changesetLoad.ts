import type { ChangesetDetail } from '@waymark/contract';
import axios from 'axios';
import { readErrorDetail } from '../../lib/api/apiErrors.ts';
import { fetchFileChangeset } from './api/versionsApi.ts';

/**
 * What the file version detail page shows: the changed rows, or SPEC §2's 'Changes cannot be calculated'
 * when the server answers 422 (reference: "Change set could not be calculated: …", kept as `reason`).
 */
export type ChangesetLoadState =
  { status: 'loaded'; changes: ChangesetDetail } | { status: 'not-calculable'; reason: string | undefined };

export interface ChangesetLoadInput {
  namespace: string;
  name: string;
  version: string;
  path: string;
}

/**
 * Loads the changeset of one file in one version. A 422 becomes the page's own notice; any other failure
 * is raised, so the query shows the 'Failed to display changeset of file' toast (SPEC §8).
 */
export async function loadChangeset({
  namespace,
  name,
  version,
  path,
}: ChangesetLoadInput): Promise<ChangesetLoadState> {
  try {
    const changes = await fetchFileChangeset(namespace, name, version, path);
    return { status: 'loaded', changes };
  } catch (error) {
    if (axios.isAxiosError(error) && error.response?.status === 422) {
      return { status: 'not-calculable', reason: readErrorDetail(error) };
    }
    throw error;
  }
}
