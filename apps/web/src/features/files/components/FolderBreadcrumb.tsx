import { Link } from 'react-router';
import { projectTreePath } from '../../../lib/paths.ts';
import { tFiles } from '../../../i18n/files.ts';

interface FolderBreadcrumbProps {
  namespace: string;
  projectName: string;
  /** The folder on screen, '' at the root. */
  location: string;
}

/** Project home › folder › sub-folder: where the files tab is, each step a link back up. */
export function FolderBreadcrumb({ namespace, projectName, location }: FolderBreadcrumbProps) {
  const parts = location ? location.split('/') : [];
  const steps = [
    { label: tFiles('files.projectHome'), path: '' },
    ...parts.map((part, index) => ({ label: part, path: parts.slice(0, index + 1).join('/') })),
  ];
  return (
    <nav
      className="folder-breadcrumb"
      aria-label={tFiles('files.folderPathLabel')}
      data-testid="files-breadcrumb"
    >
      <ol className="folder-breadcrumb__list">
        {steps.map((step, index) => {
          const isCurrent = index === steps.length - 1;
          return (
            <li key={step.path} className="folder-breadcrumb__item">
              {index === 0 && <i className="pi pi-folder-open folder-breadcrumb__home" aria-hidden="true" />}
              {isCurrent ? (
                <span className="folder-breadcrumb__current" aria-current="location">
                  {step.label}
                </span>
              ) : (
                <Link
                  to={projectTreePath(namespace, projectName, step.path)}
                  className="folder-breadcrumb__link"
                >
                  {step.label}
                </Link>
              )}
              {!isCurrent && (
                <i className="pi pi-angle-right folder-breadcrumb__separator" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
