import { useMutation } from '@tanstack/react-query';
import { type ProjectDetail } from '@waymark/contract';
import { downloadProjectArchive } from '../api/projectApi.ts';
import { readDownloadError } from '../downloadError.ts';
import { tProject } from '../../../i18n/project.ts';

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
 * Downloads the project as a zip — the latest version, or the version passed to `mutate` — saved under
 * the server's file name (`{name}-vN.zip`) or else `{name}.zip` / `{name}-vN.zip`. It is fetched rather
 * than linked so that a failure shows its reason in a toast instead of leaving the app for a bare error
 * page.
 */
export function useDownloadProject(project: Pick<ProjectDetail, 'namespace' | 'name'>) {
  return useMutation({
    mutationFn: (version?: string) => downloadProjectArchive(project.namespace, project.name, version),
    onSuccess: (archive, version) =>
      saveFile(archive.blob, archive.fileName ?? `${project.name}${version ? `-${version}` : ''}.zip`),
    meta: { readErrorMessage: (error) => readDownloadError(error, tProject('page.downloadFailed')) },
  });
}
