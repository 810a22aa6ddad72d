import { Outlet, useParams } from 'react-router';
import { ProjectFrame } from '../features/project/components/ProjectFrame.tsx';

/**
 * /projects/:namespace/:projectName — the project with its header and tabs (SPEC §2 "Project page");
 * the tab of the child route shows inside.
 */
export function ProjectPage() {
  const { namespace = '', projectName = '' } = useParams();
  return (
    <ProjectFrame namespace={namespace} name={projectName}>
      <Outlet />
    </ProjectFrame>
  );
}
