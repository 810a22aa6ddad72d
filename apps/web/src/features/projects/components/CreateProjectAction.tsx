import type { ReactNode } from 'react';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';
import { useHasEmail } from '../hooks/useCanCreateProject.ts';
import { NewProjectDialog } from './NewProjectDialog.tsx';

interface CreateProjectActionProps {
  /** The page's canCreateProject (SPEC §2). */
  canCreateProject: boolean;
  /** Renders the trigger; `canCreate` already includes the email and workspace conditions. */
  children: (open: () => void, canCreate: boolean) => ReactNode;
}

/**
 * A trigger plus the New project dialog it opens. Projects are created in the current workspace, and
 * SPEC §2 also asks for a signed-in user with an email, so without either there is nothing to offer.
 */
export function CreateProjectAction({ canCreateProject, children }: CreateProjectActionProps) {
  const [isOpen, setIsOpen] = useState(false);
  const workspace = useCurrentWorkspace();
  const hasEmail = useHasEmail();
  const canCreate = canCreateProject && hasEmail && workspace !== undefined;
  return (
    <>
      {children(() => setIsOpen(true), canCreate)}
      {canCreate && (
        <NewProjectDialog isOpen={isOpen} namespace={workspace.name} onClose={() => setIsOpen(false)} />
      )}
    </>
  );
}
