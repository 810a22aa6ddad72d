import { useQuery } from '@tanstack/react-query';
import { abilitiesOfProjectRole, type FileHistoryItem, type ProjectDetail } from '@waymark/contract';
import { Skeleton } from 'primereact/skeleton';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { fileVersionDetailPath } from '../../../lib/paths.ts';
import { fetchFileHistory } from '../api/versionsApi.ts';
import { fileHistoryKey } from '../versionQueryKeys.ts';
import { RestoreFileButton } from './RestoreFileButton.tsx';
import '../versions.css';
import { tFiles } from '../../../i18n/files.ts';

interface FileHistoryProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name' | 'role' | 'files'>;
  /** The file's path in the project. */
  path: string;
}

const CHANGE_LABELS: Record<FileHistoryItem['change'], string> = {
  added: tFiles('restoreFile.added'),
  updated: tFiles('restoreFile.updated'),
  removed: tFiles('restoreFile.removed'),
};

/** The history's entries newest first (`v12` after `v9`). */
function newestFirst(history: Record<string, FileHistoryItem>): Array<[string, FileHistoryItem]> {
  const number = (name: string) => Number(name.slice(1));
  return Object.entries(history).sort(([a], [b]) => number(b) - number(a));
}

/**
 * The file history (issue 28): the versions that changed the file since it was last added, each leading to its
 * file-version page; writers may restore a past content of the file (a new version changing only this file).
 */
export function FileHistory({ project, path }: FileHistoryProps) {
  const titleId = useId();
  const query = useQuery({
    queryKey: fileHistoryKey(project.namespace, project.name, path),
    queryFn: () => fetchFileHistory(project.namespace, project.name, path),
  });
  const current = project.files.find((file) => file.path === path);
  const canRestore = abilitiesOfProjectRole(project.role).upload;
  let body;
  if (query.isPending) {
    body = (
      <div role="status" aria-live="polite" className="file-history__loading">
        <span className="visually-hidden">{tFiles('restoreFile.historyLoading')}</span>
        <Skeleton height="2.25rem" />
        <Skeleton height="2.25rem" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <p className="detail-panel__note" data-testid="file-history-failed">
        {tFiles('restoreFile.historyFailed')}
      </p>
    );
  } else {
    // The newest entry with the current content is the current one; older ones with the same bytes are not.
    const rows = newestFirst(query.data.history);
    const currentVersion = rows.find(
      ([, item]) => item.change !== 'removed' && item.checksum === current?.checksum,
    )?.[0];
    body = (
      <ol className="file-history__list" aria-label={tFiles('restoreFile.historyLabel', { path })}>
        {rows.map(([version, item]) => {
          const isRestorable = canRestore && item.change !== 'removed' && item.checksum !== current?.checksum;
          return (
            <li key={version} className="file-history__row" data-testid="file-history-row">
              <Link
                to={fileVersionDetailPath(project.namespace, project.name, version, path)}
                className="file-history__version"
                data-testid="file-history-version"
              >
                {version}
              </Link>
              <span className={`file-history__change file-history__change--${item.change}`}>
                {CHANGE_LABELS[item.change]}
              </span>
              {item.change !== 'removed' && (
                <span className="file-history__size">{formatByteSize(item.size)}</span>
              )}
              <span className="file-history__action">
                {version === currentVersion && (
                  <span className="file-history__current" data-testid="file-history-current">
                    {tFiles('restoreFile.current')}
                  </span>
                )}
                {isRestorable && (
                  <RestoreFileButton project={project} path={path} version={version} size="row" />
                )}
              </span>
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <section className="file-history" aria-labelledby={titleId} data-testid="file-history">
      <h3 id={titleId} className="file-history__title">
        {tFiles('restoreFile.historyTitle')}
      </h3>
      <p className="file-history__note">{tFiles('restoreFile.historyNote')}</p>
      {body}
    </section>
  );
}
