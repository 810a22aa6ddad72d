import { ProjectScopeNav } from '../features/projects/components/ProjectScopeNav.tsx';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { useCanCreateProject } from '../features/projects/hooks/useCanCreateProject.ts';
import { tCommon } from '../i18n/common.ts';
import { tProjects } from '../i18n/projects.ts';

/** /my-projects — projects the user created, in any workspace (flag=created). */
export function MyProjectsPage() {
  const canCreateProject = useCanCreateProject();
  return (
    <ProjectsList
      title={tCommon('shell.myProjects')}
      subtitle={tProjects('list.myProjectsSubtitle')}
      scope={{ flag: 'created' }}
      showNamespace
      canCreateProject={canCreateProject}
      showCommunityBanner
      nav={<ProjectScopeNav />}
    />
  );
}
