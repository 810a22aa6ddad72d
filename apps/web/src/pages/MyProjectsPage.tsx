import { PROJECTS_LIST_TEXTS, SHELL_TEXTS } from '@waymark/contract';
import { ProjectScopeNav } from '../features/projects/components/ProjectScopeNav.tsx';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { useCanCreateProject } from '../features/projects/hooks/useCanCreateProject.ts';

/** /my-projects — projects the user created, in any workspace (flag=created). */
export function MyProjectsPage() {
  const canCreateProject = useCanCreateProject();
  return (
    <ProjectsList
      title={SHELL_TEXTS.myProjects}
      subtitle={PROJECTS_LIST_TEXTS.myProjectsSubtitle}
      scope={{ flag: 'created' }}
      showNamespace
      canCreateProject={canCreateProject}
      showCommunityBanner
      nav={<ProjectScopeNav />}
    />
  );
}
