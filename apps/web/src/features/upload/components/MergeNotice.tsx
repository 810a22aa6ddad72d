import { useQuery } from '@tanstack/react-query';
import { MERGE_TEXTS, type ProjectDetail } from '@waymark/contract';
import { changesSince, type PendingMerge } from '../mergePreview.ts';

function MergeLine({ project, merge }: { project: ProjectDetail; merge: PendingMerge }) {
  const count = useQuery({
    queryKey: ['merge-preview', project.id, merge.path, merge.base, merge.latest],
    queryFn: () => changesSince(project, merge),
  });
  if (count.isPending) return <li className="merge-notice__item">{MERGE_TEXTS.counting}</li>;
  return (
    <li className="merge-notice__item" data-testid="merge-notice-item">
      {MERGE_TEXTS.willMerge(merge.path, merge.base, merge.latest, count.data)}
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
      <p className="merge-notice__text">{MERGE_TEXTS.sameField}</p>
    </div>
  );
}
