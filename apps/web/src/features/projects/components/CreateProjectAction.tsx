import type { ReactNode } from 'react';
import { retryingImport } from '../../../lib/network/retryingImport.ts';
import { lazy, Suspense, useState } from 'react';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';
import { useHasEmail } from '../hooks/useCanCreateProject.ts';

/** The dialog and its form stack load with the first opening, not with the dashboard or the project lists. */
const NewProjectDialog = lazy(() =>
  retryingImport(() =>
    import('./NewProjectDialog.tsx').then((module) => ({ default: module.NewProjectDialog })),
  ),
);

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
  // Mounted from the first opening on, so closing keeps the dialog's hide animation.
  const [wasOpened, setWasOpened] = useState(false);
  const workspace = useCurrentWorkspace();
  const hasEmail = useHasEmail();
  const canCreate = canCreateProject && hasEmail && workspace !== undefined;
  const open = () => {
    setWasOpened(true);
    setIsOpen(true);
  };
  return (
    <>
      {children(open, canCreate)}
      {canCreate && wasOpened && (
        <Suspense fallback={null}>
          <NewProjectDialog isOpen={isOpen} namespace={workspace.name} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
