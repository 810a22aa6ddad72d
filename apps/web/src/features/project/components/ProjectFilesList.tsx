import { PROJECT_FILES_TEXTS, type ProjectFile } from '@waymark/contract';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { useCurrentProject } from '../hooks/useCurrentProject.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatModified(mtime: string): string {
  const date = new Date(mtime);
  return Number.isNaN(date.getTime()) ? mtime : dateFormat.format(date);
}

function byPath(left: ProjectFile, right: ProjectFile): number {
  return left.path.localeCompare(right.path);
}

interface ProjectFilesListProps {
  /** The file named by the `file_path` query, highlighted until the file browser can open it. */
  selectedPath?: string;
}

/**
 * The files tab until the file browser arrives: the project's current files, read-only, in one list
 * sorted by path (SPEC columns Name, Modified, Size).
 */
export function ProjectFilesList({ selectedPath }: ProjectFilesListProps) {
  const project = useCurrentProject();
  const files = [...project.files].sort(byPath);

  return (
    <section className="card" aria-labelledby="project-files-title" data-testid="project-files">
      <header className="card__header project-files__header">
        <h2 id="project-files-title" className="card__title">
          {PROJECT_FILES_TEXTS.title}
        </h2>
        <span className="project-files__count">{PROJECT_FILES_TEXTS.count(files.length)}</span>
      </header>
      {files.length === 0 ? (
        <div className="card__empty" data-testid="project-files-empty">
          <span className="placeholder-card__icon" aria-hidden="true">
            <i className="pi pi-folder-open" />
          </span>
          <p className="card__title">{PROJECT_FILES_TEXTS.empty}</p>
          <p className="card__empty-text">{PROJECT_FILES_TEXTS.uploadsLater}</p>
        </div>
      ) : (
        <div className="project-files__scroll">
          <table className="project-files__table">
            <thead>
              <tr>
                <th scope="col">{PROJECT_FILES_TEXTS.columnName}</th>
                <th scope="col">{PROJECT_FILES_TEXTS.columnModified}</th>
                <th scope="col" className="project-files__size">
                  {PROJECT_FILES_TEXTS.columnSize}
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr
                  key={file.path}
                  className={file.path === selectedPath ? 'project-files__row--selected' : undefined}
                  aria-selected={file.path === selectedPath ? true : undefined}
                  data-testid="project-file-row"
                >
                  <td className="project-files__name">
                    <i className="pi pi-file" aria-hidden="true" />
                    <span>{file.path}</span>
                  </td>
                  <td className="project-files__modified">{formatModified(file.mtime)}</td>
                  <td className="project-files__size">{formatByteSize(file.size)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
