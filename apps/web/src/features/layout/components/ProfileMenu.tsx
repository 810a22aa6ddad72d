import { Avatar } from 'primereact/avatar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { Link } from 'react-router';
import { getInitials, getUserFullName, truncateName } from '../../../lib/format/userName.ts';
import { PROFILE_PATH } from '../../../lib/paths.ts';
import { useSignOut } from '../../auth/hooks/useSignOut.ts';
import { useSession } from '../../session/hooks/useSession.ts';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx';
import { tCommon } from '../../../i18n/common.ts';

const PANEL_ID = 'profile-menu';

/** The header's account button and its popup (SPEC §2 "Shell"). */
export function ProfileMenu() {
  const { user } = useSession();
  const workspace = useCurrentWorkspace();
  const signOut = useSignOut();
  const panelRef = useRef<OverlayPanel>(null);

  const fullName = user ? getUserFullName(user) : '';
  const initials = user ? getInitials(user.name, user.username) : undefined;
  const workspaceName = workspace?.name ?? tCommon('shell.noWorkspace');
  const hidePanel = () => panelRef.current?.hide();

  const handleSignOut = () => {
    hidePanel();
    signOut();
  };

  return (
    <>
      <button
        type="button"
        className="profile-button"
        aria-haspopup="true"
        aria-controls={PANEL_ID}
        aria-label={tCommon('shell.openProfileMenu')}
        title={fullName}
        onClick={(event) => panelRef.current?.toggle(event)}
        data-testid="profile-menu-button"
      >
        <Avatar
          label={initials}
          icon={initials ? undefined : 'pi pi-user'}
          shape="circle"
          className="user-avatar"
        />
        <span className="profile-button__text">
          <span className="profile-button__name" data-testid="profile-menu-name">
            {truncateName(fullName)}
          </span>
          <span className="profile-button__workspace" data-testid="profile-menu-workspace">
            {workspaceName}
          </span>
        </span>
        <i className="pi pi-chevron-down profile-button__chevron" aria-hidden="true" />
      </button>
      <OverlayPanel
        ref={panelRef}
        id={PANEL_ID}
        className="profile-panel"
        pt={{ root: { role: 'dialog', 'aria-label': tCommon('shell.profilePopup') } }}
      >
        <div data-testid="profile-menu">
          <div className="profile-panel__user">
            <Avatar
              label={initials}
              icon={initials ? undefined : 'pi pi-user'}
              shape="circle"
              size="large"
              className="user-avatar"
            />
            <div className="profile-panel__identity">
              <p className="profile-panel__name">{fullName}</p>
              <p className="profile-panel__workspace" data-testid="profile-panel-workspace">
                <i className="pi pi-briefcase" aria-hidden="true" />
                {workspaceName}
              </p>
              {user && <p className="profile-panel__email">{user.email}</p>}
            </div>
          </div>
          <WorkspaceSwitcher onSwitch={hidePanel} />
          <ul className="profile-panel__menu">
            <li>
              <Link
                to={PROFILE_PATH}
                className="profile-panel__item"
                onClick={hidePanel}
                data-testid="profile-menu-profile"
              >
                <i className="pi pi-user" aria-hidden="true" />
                {tCommon('shell.yourProfile')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="profile-panel__item"
                onClick={handleSignOut}
                data-testid="profile-menu-sign-out"
              >
                <i className="pi pi-sign-out" aria-hidden="true" />
                {tCommon('shell.signOut')}
              </button>
            </li>
          </ul>
        </div>
      </OverlayPanel>
    </>
  );
}
