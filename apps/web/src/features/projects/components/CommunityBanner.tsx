import { Link } from 'react-router';
import { EXPLORE_PATH } from '../../../lib/paths.ts';
import { tProjects } from '../../../i18n/projects.ts';

/** SPEC §2: points people at the public projects of the community. */
export function CommunityBanner() {
  return (
    <section
      className="community-banner"
      aria-labelledby="community-banner-title"
      data-testid="community-banner"
    >
      <span className="community-banner__icon" aria-hidden="true">
        <i className="pi pi-globe" />
      </span>
      <div className="community-banner__body">
        <h2 id="community-banner-title" className="community-banner__title">
          {tProjects('list.communityTitle')}
        </h2>
        <p className="community-banner__text">{tProjects('list.communityText')}</p>
      </div>
      <Link to={EXPLORE_PATH} className="p-button p-button-outlined community-banner__button">
        {tProjects('list.communityButton')}
      </Link>
    </section>
  );
}
