import type { ProjectListItem } from '@waymark/contract';

import { Tag } from 'primereact/tag';
import { Link } from 'react-router';
import { projectPath } from '../../../lib/paths.ts';
import { IconHint } from '../../../ui/IconHint.tsx';
import { RelativeTime } from '../../../ui/RelativeTime.tsx';
import { getProjectWarnings, isPublicBadgeShown } from '../projectRules.ts';
import { tProjects } from '../../../i18n/projects.ts';

interface ProjectNameCellProps {
  project: ProjectListItem;
  showNamespace: boolean;
  isOnlyPublic: boolean;
}

/** Name link, Public badge, warnings and "Updated … ago" of one project row (SPEC §2). */
export function ProjectNameCell({ project, showNamespace, isOnlyPublic }: ProjectNameCellProps) {
  const warnings = getProjectWarnings(project);
  return (
    <div className="project-name-cell">
      <span className="project-name-cell__icon" aria-hidden="true">
        <i className="pi pi-map" />
      </span>
      <div className="project-name-cell__body">
        <div className="project-name-cell__title">
          <Link
            to={projectPath(project.namespace, project.name)}
            className="project-name-cell__link"
            // Spelled out so the namespace and name read as one label, "namespace / name".
            aria-label={showNamespace ? `${project.namespace} / ${project.name}` : undefined}
            data-testid="project-name-link"
            // The row navigates on click as well; one navigation is enough.
            onClick={(event) => event.stopPropagation()}
          >
            {showNamespace && (
              <span className="project-name-cell__namespace">{`${project.namespace} / `}</span>
            )}
            {project.name}
          </Link>
          {isPublicBadgeShown(project, isOnlyPublic) && (
            <Tag
              value={tProjects('list.publicBadge')}
              severity="success"
              className="project-name-cell__badge"
              data-testid="project-public-badge"
            />
          )}
          {warnings.map((warning) => (
            <IconHint
              key={warning.kind}
              icon={warning.kind === 'conflict' ? 'pi pi-exclamation-circle' : 'pi pi-exclamation-triangle'}
              tone={warning.kind === 'conflict' ? 'danger' : 'warn'}
              text={warning.text}
              testId={`project-warning-${warning.kind}`}
            />
          ))}
        </div>
        <RelativeTime
          value={project.updated}
          prefix="Updated"
          className="project-name-cell__updated"
          testId="project-updated"
        />
      </div>
    </div>
  );
}
