import { Link } from 'react-router';
import { EXPLORE_PATH } from '../../../lib/paths.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FoldedMapIllustration } from '../../../ui/FoldedMapIllustration.tsx';
import { tProjects } from '../../../i18n/projects.ts';

/** SPEC §2: the address names a namespace that does not exist (or shows nothing to this user). */
export function NamespaceNotFound() {
  return (
    <section className="card">
      <EmptyState
        illustration={<FoldedMapIllustration />}
        title={tProjects('list.namespaceNotFound')}
        testId="namespace-not-found"
      >
        <Link to={EXPLORE_PATH} className="p-button p-button-outlined">
          {tProjects('list.communityButton')}
        </Link>
      </EmptyState>
    </section>
  );
}
