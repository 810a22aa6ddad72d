import { useId } from 'react';
import { useWorkspaces } from '../../workspaces/hooks/useWorkspaces.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { tCommon } from '../../../i18n/common.ts';

interface WorkspaceSwitcherProps {
  /** Called after a workspace was picked (the popup closes). */
  onSwitch: () => void;
}

/**
 * The user's workspaces in the profile popup, the current one marked. Picking one makes it current and
 * records it as last seen, so the dashboard and project lists show that workspace. Hidden for users with
 * a single workspace or none: there is nothing to switch to.
 */
export function WorkspaceSwitcher({ onSwitch }: WorkspaceSwitcherProps) {
  const workspaces = useWorkspaces();
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspaceId);
  const selectWorkspace = useWorkspaceStore((state) => state.selectWorkspace);
  const labelId = useId();

  if (workspaces.length < 2) return null;

  const handleSelect = (workspaceId: number) => {
    selectWorkspace(workspaceId, workspaces);
    onSwitch();
  };

  return (
    <div className="workspace-switcher" data-testid="workspace-switcher">
      <p id={labelId} className="workspace-switcher__label">
        {tCommon('shell.switchWorkspace')}
      </p>
      <ul className="workspace-switcher__list" aria-labelledby={labelId}>
        {workspaces.map((workspace) => {
          const isCurrent = workspace.id === currentWorkspaceId;
          return (
            <li key={workspace.id}>
              <button
                type="button"
                className="profile-panel__item workspace-switcher__item"
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => handleSelect(workspace.id)}
                data-testid={`workspace-switcher-${workspace.id}`}
              >
                <i className="pi pi-briefcase" aria-hidden="true" />
                <span className="workspace-switcher__name">{workspace.name}</span>
                {isCurrent && <i className="pi pi-check workspace-switcher__check" aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
