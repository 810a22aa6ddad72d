import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { Button } from 'primereact/button';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../lib/notifications.ts';
import { DASHBOARD_PATH } from '../lib/paths.ts';
import { USER_PROFILE_QUERY_KEY } from '../features/session/session.ts';
import {
  acceptInvitation,
  declineInvitation,
  fetchInvitation,
} from '../features/workspaces/api/invitationApi.ts';
import { useWorkspaceStore } from '../features/workspaces/workspaceStore.ts';
import { WORKSPACES_QUERY_KEY } from '../features/workspaces/workspacesQuery.ts';
import { LostWaypointIllustration } from '../ui/LostWaypointIllustration.tsx';
import { MapLockIllustration } from '../ui/MapLockIllustration.tsx';
import { NoticeCard } from '../ui/NoticeCard.tsx';
import { tAccount } from '../i18n/account.ts';

/**
 * /invitation/:id, the link of a workspace invitation mail: the signed-in account of the invited address accepts
 * (it joins the workspace, which becomes the current one) or declines. Others, and used-up links, learn only that
 * the invitation is no longer valid.
 */
export function InvitationPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery({
    queryKey: ['invitation', id],
    queryFn: () => fetchInvitation(id),
    // The page says what is wrong itself (no toast).
    retry: false,
  });
  const joined = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY }),
    ]);
  };
  const accept = useMutation({
    mutationFn: () => acceptInvitation(id),
    meta: { errorMessage: tAccount('invitation.failed') },
    onSuccess: async (workspace) => {
      notify.success(tAccount('invitation.accepted', { workspace: workspace.name }));
      await joined();
      const workspaces = queryClient.getQueryData<Array<{ id: number }>>(WORKSPACES_QUERY_KEY) ?? [];
      useWorkspaceStore.getState().selectWorkspace(workspace.id, workspaces);
      await navigate(DASHBOARD_PATH);
    },
  });
  const decline = useMutation({
    mutationFn: () => declineInvitation(id),
    meta: { successMessage: tAccount('invitation.declined') },
    onSuccess: () => navigate(DASHBOARD_PATH),
  });

  if (invitation.isPending) {
    return (
      <p className="notice-card__text" role="status">
        {tAccount('invitation.loading')}
      </p>
    );
  }
  if (invitation.isError) {
    return (
      <NoticeCard
        testId="invitation-invalid"
        illustration={<LostWaypointIllustration />}
        title={tAccount('invitation.invalidTitle')}
        text={tAccount('invitation.invalidText')}
        actions={
          <Link to={DASHBOARD_PATH} className="p-button p-button-sm">
            {tAccount('invitation.toDashboard')}
          </Link>
        }
      />
    );
  }
  const { workspace, role } = invitation.data;
  return (
    <NoticeCard
      testId="invitation"
      illustration={<MapLockIllustration variant="lock" />}
      title={tAccount('invitation.title')}
      text={tAccount('invitation.invited', { workspace: workspace.name, role })}
      actions={
        <>
          <Button
            label={tAccount('invitation.decline')}
            severity="secondary"
            outlined
            size="small"
            disabled={accept.isPending}
            loading={decline.isPending}
            onClick={() => decline.mutate()}
            data-testid="invitation-decline"
          />
          <Button
            label={tAccount('invitation.accept')}
            icon="pi pi-check"
            size="small"
            disabled={decline.isPending}
            loading={accept.isPending}
            onClick={() => accept.mutate()}
            data-testid="invitation-accept"
          />
        </>
      }
    />
  );
}
