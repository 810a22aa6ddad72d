import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { useCanCreateProject } from '../features/projects/hooks/useCanCreateProject.ts';

/** /my-projects — projects the user created, in any workspace (flag=created). */
export function MyProjectsPage() {
  const canCreateProject = useCanCreateProject();
  return (
    <ProjectsList
      title={PROJECTS_LIST_TEXTS.myProjectsTitle}
      subtitle="Projects you created"
      scope={{ flag: 'created' }}
      showNamespace
      canCreateProject={canCreateProject}
      showCommunityBanner
    />
  );
}
