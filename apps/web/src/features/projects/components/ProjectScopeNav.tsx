import { NavLink } from 'react-router';
import { EXPLORE_PATH, MY_PROJECTS_PATH, PROJECTS_PATH, SHARED_PROJECTS_PATH } from '../../../lib/paths.ts';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import { useProjectCount } from '../hooks/useProjectCount.ts';
import { tProjects } from '../../../i18n/projects.ts';

interface ScopeLinkProps {
  to: string;
  label: string;
  count: number | undefined;
  testId: string;
}

function ScopeLink({ to, label, count, testId }: ScopeLinkProps) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) => (isActive ? 'scope-nav__link scope-nav__link--active' : 'scope-nav__link')}
      data-testid={testId}
    >
      <span>{label}</span>
      {count !== undefined && <CountBadge count={count} testId={`${testId}-count`} isInline />}
    </NavLink>
  );
}

/**
 * The lists a signed-in user has, side by side with their counts: the current workspace's projects, those the
 * user created, those shared with them (from any workspace, so found nowhere else) and the public ones.
 */
export function ProjectScopeNav() {
  const workspace = useCurrentWorkspace();
  const workspaceCount = useProjectCount({ namespace: workspace?.name }, workspace !== undefined);
  const createdCount = useProjectCount({ flag: 'created' });
  const sharedCount = useProjectCount({ flag: 'shared' });
  return (
    <nav className="scope-nav" aria-label={tProjects('list.scopeNavLabel')} data-testid="project-scope-nav">
      <ScopeLink
        to={PROJECTS_PATH}
        label={workspace?.name ?? tProjects('list.scopeWorkspace')}
        count={workspaceCount}
        testId="scope-workspace"
      />
      <ScopeLink
        to={MY_PROJECTS_PATH}
        label={tProjects('list.scopeCreated')}
        count={createdCount}
        testId="scope-created"
      />
      <ScopeLink
        to={SHARED_PROJECTS_PATH}
        label={tProjects('list.scopeShared')}
        count={sharedCount}
        testId="scope-shared"
      />
      <ScopeLink
        to={EXPLORE_PATH}
        label={tProjects('list.scopePublic')}
        count={undefined}
        testId="scope-public"
      />
    </nav>
  );
}
