import { useQuery } from '@tanstack/react-query';
import { type ProjectDetail } from '@waymark/contract';
import { tFiles } from '../../../i18n/files.ts';
import { changesSince, type PendingMerge } from '../mergePreview.ts';

/** What the server will do with one GeoPackage: `kept` is the count of others' changes, unknown if not counted. */
function willMergeText(merge: PendingMerge, kept: number | undefined): string {
  const { path, base, latest } = merge;
  if (kept === undefined) return tFiles('merge.willMergeUncounted', { path, base, latest });
  if (kept === 0) return tFiles('merge.willMergeNone', { path, base, latest });
  return tFiles('merge.willMerge', { path, base, count: kept });
}

function MergeLine({ project, merge }: { project: ProjectDetail; merge: PendingMerge }) {
  const count = useQuery({
    queryKey: ['merge-preview', project.id, merge.path, merge.base, merge.latest],
    queryFn: () => changesSince(project, merge),
  });
  if (count.isPending) return <li className="merge-notice__item">{tFiles('merge.counting')}</li>;
  return (
    <li className="merge-notice__item" data-testid="merge-notice-item">
      {willMergeText(merge, count.data)}
    </li>
  );
}

/** The upload confirmation's word on GeoPackages the server will merge rather than replace (issue 28). */
export function MergeNotice({ project, merges }: { project: ProjectDetail; merges: PendingMerge[] }) {
  return (
    <div className="merge-notice" data-testid="merge-notice">
      <ul className="merge-notice__list">
        {merges.map((merge) => (
          <MergeLine key={merge.path} project={project} merge={merge} />
        ))}
      </ul>
      <p className="merge-notice__text">{tFiles('merge.sameField')}</p>
    </div>
  );
}
