import type { ProjectDetail, ProjectVersionDetail } from '@waymark/contract';
import type { Notifier } from '../../../lib/notifications.ts';
import { tFiles } from '../../../i18n/files.ts';

export interface TellMergeOptions {
  /** The detail of a version; without it nothing is told. */
  fetchVersion?: (projectId: string, version: string) => Promise<ProjectVersionDetail>;
  notify: Notifier;
}

/** After a push that asked for merges: what the server made of them (the version's `merge`). */
export async function tellMerge(
  pushed: ProjectDetail,
  { fetchVersion, notify }: TellMergeOptions,
): Promise<void> {
  const merge = await fetchVersion?.(pushed.id, pushed.version)
    .then((version) => version.merge)
    .catch(() => undefined);
  if (!merge) return;
  const overwritten = merge.files.filter((file) => file.overwritten).map((file) => file.path);
  if (overwritten.length > 0)
    notify.warn(tFiles('merge.finishedOverwritten', { paths: overwritten.join(', ') }), 10_000);
  const merged = merge.files.filter((file) => !file.overwritten);
  if (merged.length > 0) {
    const conflictFiles = merged.flatMap((file) => (file.conflict_file ? [file.conflict_file] : []));
    notify.success(
      conflictFiles.length === 0
        ? tFiles('merge.finishedMerged', { count: merged.length })
        : tFiles('merge.finishedMergedConflicts', { files: conflictFiles.join(', ') }),
      8_000,
    );
  }
}
