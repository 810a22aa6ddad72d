import { DASHBOARD_TEXTS } from '@waymark/contract';
import { Link } from 'react-router';
import { PROJECTS_PATH } from '../../../lib/paths.ts';

/** Where the "Recent active projects" table will live; for now it points to the projects list. */
export function RecentProjectsCard() {
  return (
    <section className="card" aria-labelledby="recent-projects-title" data-testid="recent-projects">
      <header className="card__header">
        <h2 id="recent-projects-title" className="card__title">
          {DASHBOARD_TEXTS.recentProjectsTitle}
        </h2>
      </header>
      <div className="card__empty">
        <span className="placeholder-card__icon" aria-hidden="true">
          <i className="pi pi-folder-open" />
        </span>
        <p className="card__empty-text">{DASHBOARD_TEXTS.recentProjectsEmpty}</p>
        <Link to={PROJECTS_PATH} className="p-button p-button-outlined p-button-sm">
          {DASHBOARD_TEXTS.browseProjects}
        </Link>
      </div>
    </section>
  );
}
