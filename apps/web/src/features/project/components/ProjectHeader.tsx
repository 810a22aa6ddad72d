import { type ProjectDetail } from '@waymark/contract';
import { Tag } from 'primereact/tag';
import { Link } from 'react-router';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { PROJECTS_PATH } from '../../../lib/paths.ts';
import { ProjectActions } from './ProjectActions.tsx';
import { tProject } from '../../../i18n/project.ts';

interface ProjectHeaderProps {
  project: ProjectDetail;
}

/** Name, workspace, version, size and the Public badge, with the project's buttons beside them. */
export function ProjectHeader({ project }: ProjectHeaderProps) {
  return (
    <header className="project-header" data-testid="project-header">
      <div className="project-header__identity">
        <span className="project-header__icon" aria-hidden="true">
          <i className="pi pi-map" />
        </span>
        <div className="project-header__text">
          <Link
            to={`${PROJECTS_PATH}/${encodeURIComponent(project.namespace)}`}
            className="project-header__namespace"
            data-testid="project-header-namespace"
          >
            {project.namespace}
          </Link>
          <div className="project-header__title-row">
            <h1 className="page__title project-header__name" data-testid="project-header-name">
              {project.name}
            </h1>
            {project.public && (
              <Tag
                value={tProject('page.publicBadge')}
                icon="pi pi-globe"
                rounded
                className="project-header__badge"
                data-testid="project-header-public"
              />
            )}
          </div>
          <dl className="project-header__meta">
            <div className="project-header__fact">
              <dt>{tProject('page.versionLabel')}</dt>
              <dd data-testid="project-header-version">{project.version}</dd>
            </div>
            <div className="project-header__fact">
              <dt>{tProject('page.sizeLabel')}</dt>
              <dd data-testid="project-header-size">{formatByteSize(project.disk_usage)}</dd>
            </div>
          </dl>
        </div>
      </div>
      <ProjectActions project={project} />
    </header>
  );
}
