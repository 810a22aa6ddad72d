import {
  MEMBERS_PAGE_SIZE,
  type ProjectCollaborator,
  type ProjectDetail,
  type ProjectRole,
} from '@waymark/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { ListLoadError } from '../../../ui/ListLoadError.tsx';
import { canRemoveMember, type RoleOption, roleOptionsFor } from '../collaboratorRules.ts';
import { useChangeMemberRole, useRemoveMember } from '../hooks/useCollaborators.ts';
import { RoleOptionItem } from './RoleOptionItem.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tCommon } from '../../../i18n/common.ts';
import { tProject } from '../../../i18n/project.ts';

interface MembersTableProps {
  project: ProjectDetail;
  /** The members to show, already searched and sorted. */
  members: ProjectCollaborator[];
  isLoading: boolean;
  /** The members could not be loaded: say so (with a retry) instead of 'No members found.'. */
  onRetry?: () => void;
  myId: number | undefined;
}

/**
 * SPEC §2 members table: Email address, Username ('(me)' beside one's own), Project permissions (disabled for
 * oneself; roles the member's workspace role already exceeds are disabled), Remove (guests of the workspace
 * other than oneself); 10 per page.
 */
export function MembersTable({ project, members, isLoading, onRetry, myId }: MembersTableProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const changeRole = useChangeMemberRole(project);
  const remove = useRemoveMember(project);
  const [removing, setRemoving] = useState<ProjectCollaborator | undefined>();

  const handleRoleChange = (member: ProjectCollaborator, options: RoleOption[], role: unknown) => {
    // SPEC §5: a pick of a disabled option is ignored.
    const option = options.find((candidate) => candidate.value === role && !candidate.disabled);
    if (!option || option.value === member.role) return;
    changeRole.mutate({ member, role: option.value as ProjectRole });
  };

  // Until the first answer: rows of placeholders, not an empty table under a spinner claiming no members.
  if (isLoading) {
    return (
      <div className="members-table__loading" role="status" aria-live="polite" data-testid="members-loading">
        <span className="visually-hidden">{tProject('collaborators.loading')}</span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height="2.75rem" />
        ))}
      </div>
    );
  }

  return (
    <div className="data-table members-table">
      <DataTable
        // The rows are memoised: a change of maintenance mode draws them again.
        key={isReadOnly ? 'read-only' : 'writable'}
        value={members}
        dataKey="id"
        paginator={members.length > MEMBERS_PAGE_SIZE}
        rows={MEMBERS_PAGE_SIZE}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
        emptyMessage={
          onRetry ? (
            <ListLoadError
              title={tCommon('network.membersLoadError')}
              retryLabel={tCommon('network.retry')}
              onRetry={onRetry}
              testId="members-load-error"
            />
          ) : (
            <p className="members-table__empty" data-testid="members-empty">
              {tProject('collaborators.empty')}
            </p>
          )
        }
        aria-label={tProject('collaborators.tableLabel')}
        data-testid="members-table"
      >
        <Column
          header={tProject('collaborators.columnEmail')}
          body={(member: ProjectCollaborator) => <span className="members-table__email">{member.email}</span>}
        />
        <Column
          header={tProject('collaborators.columnUsername')}
          body={(member: ProjectCollaborator) => (
            <span className="members-table__username" data-testid="member-username">
              {member.username}
              {member.id === myId && (
                <span className="members-table__me"> {tProject('collaborators.me')}</span>
              )}
            </span>
          )}
        />
        <Column
          header={tProject('collaborators.columnPermissions')}
          body={(member: ProjectCollaborator) => {
            const options = roleOptionsFor(member);
            return (
              <Dropdown
                value={member.role}
                options={options}
                optionLabel="label"
                optionValue="value"
                optionDisabled="disabled"
                // Only the row's own facts here: the table memoises its rows, so outside state would go stale.
                disabled={member.id === myId || isReadOnly}
                onChange={(event) => handleRoleChange(member, options, event.value)}
                itemTemplate={(option: RoleOption) => <RoleOptionItem option={option} />}
                // ariaLabel names the trigger icon; aria-label goes to the focusable input.
                ariaLabel={tProject('collaborators.roleOf', { username: member.username })}
                aria-label={tProject('collaborators.roleOf', { username: member.username })}
                className="members-table__role"
                data-testid="member-role"
              />
            );
          }}
        />
        <Column
          header={tProject('collaborators.columnRemove')}
          headerClassName="members-table__remove"
          bodyClassName="members-table__remove"
          body={(member: ProjectCollaborator) =>
            canRemoveMember(member, myId) ? (
              <Button
                icon="pi pi-trash"
                text
                rounded
                severity="danger"
                aria-label={tProject('collaborators.removeOf', { username: member.username })}
                onClick={() => setRemoving(member)}
                disabled={isReadOnly}
                data-testid="member-remove"
              />
            ) : null
          }
        />
      </DataTable>
      <ConfirmDialog
        isVisible={removing !== undefined}
        header={tProject('collaborators.removeHeader')}
        message={removing ? tProject('collaborators.removeQuestion', { username: removing.username }) : ''}
        confirmLabel={tProject('collaborators.removeConfirm')}
        cancelLabel={tProject('collaborators.cancel')}
        isDanger
        isBusy={remove.isPending}
        testId="member-remove-confirm"
        onConfirm={() => {
          if (removing) remove.mutate(removing, { onSettled: () => setRemoving(undefined) });
        }}
        onHide={() => setRemoving(undefined)}
      />
    </div>
  );
}
