import { useMutation } from '@tanstack/react-query';
import { PROJECT_PAGE_TEXTS, type ProjectDetail } from '@waymark/contract';
import { downloadProjectArchive } from '../api/projectApi.ts';
import { readDownloadError } from '../downloadError.ts';

// Long enough for the browser to start reading the blob after the click.
const REVOKE_DELAY_MS = 10_000;

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

/**
 * Downloads the project as a zip, saved under the server's file name (`{name}-vN.zip`) or else
 * `{name}.zip`. It is fetched rather than linked so that a failure shows its reason in a toast
 * instead of leaving the app for a bare error page.
 */
export function useDownloadProject(project: Pick<ProjectDetail, 'namespace' | 'name'>) {
  return useMutation({
    mutationFn: () => downloadProjectArchive(project.namespace, project.name),
    onSuccess: (archive) => saveFile(archive.blob, archive.fileName ?? `${project.name}.zip`),
    meta: { readErrorMessage: (error) => readDownloadError(error, PROJECT_PAGE_TEXTS.downloadFailed) },
  });
}
