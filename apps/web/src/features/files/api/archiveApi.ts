import { apiRoutes, pathOf, type ProjectArchiveState } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

/** POST /app/projects/{id}/download: asks for a zip of the chosen files; answers where to fetch it. */
export async function requestArchive(projectId: string, version: string, files: string[]): Promise<string> {
  // Through the axios instance rather than `api`: the answer that matters is its Location header.
  const response = await http.post(
    pathOf(apiRoutes.archives.request, { id: projectId }),
    { files },
    { params: { version } },
  );
  const location: unknown = response.headers.location;
  if (typeof location !== 'string' || !location) throw new Error('The server did not say where the zip is');
  return location;
}

export type ArchivePoll =
  | { kind: 'ready' }
  | { kind: 'preparing'; state: ProjectArchiveState }
  | { kind: 'failed'; detail: string | undefined };

/**
 * One look at the zip (GET of the POST's `Location`). Fetched rather than asked through axios: once ready the
 * answer is the zip itself, so the body is dropped at once and the browser downloads it through a link.
 */
export async function pollArchive(location: string, signal: AbortSignal): Promise<ArchivePoll> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  try {
    const response = await fetch(location, {
      credentials: 'same-origin',
      headers: { 'X-Client': 'vue', Accept: 'application/json' },
      signal: controller.signal,
    });
    if (response.status === 200) {
      controller.abort();
      return { kind: 'ready' };
    }
    const body = (await response.json().catch(() => undefined)) as
      (Partial<ProjectArchiveState> & { detail?: string }) | undefined;
    if (response.status === 202 && body) {
      return {
        kind: 'preparing',
        state: {
          detail: body.detail ?? '',
          total_bytes: body.total_bytes ?? 0,
          done_bytes: body.done_bytes ?? 0,
        },
      };
    }
    return { kind: 'failed', detail: body?.detail };
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
