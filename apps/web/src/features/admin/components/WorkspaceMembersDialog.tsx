import {
  type AdminUser,
  type AdminWorkspace,
  type AdminWorkspaceMember,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@waymark/contract';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { useAdminUserSearch } from '../hooks/useAdminUserSearch.ts';
import { useWorkspaceMembers } from '../hooks/useAdminWorkspaces.ts';
import type { WorkspaceDialogProps } from './WorkspaceDialogs.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

const ROLE_OPTIONS = WORKSPACE_ROLES.map((role) => ({
  value: role,
  label: tAdmin(`workspaceRoleLabels.${role}`),
}));

/** Default role of a new member: may read and change files, not manage the workspace. */
const DEFAULT_ROLE: WorkspaceRole = 'writer';

type Members = ReturnType<typeof useWorkspaceMembers>;

/** The text a candidate is found by: its username or its e-mail, as the search matches either. */
function isNamedBy(candidate: AdminUser, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  return (
    wanted !== '' && (candidate.username.toLowerCase() === wanted || candidate.email.toLowerCase() === wanted)
  );
}

function AddMemberForm({ members, isReadOnly }: { members: Members; isReadOnly: boolean }) {
  const userFieldId = useId();
  const roleFieldId = useId();
  const { suggestions, search, cancel } = useAdminUserSearch();
  // The chosen user is kept apart from the typed text: only typing something else lets go of it, never the
  // suggestion list loading again or the dialog rendering again as its member list arrives.
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const chosenRef = useRef<AdminUser | null>(null);
  const field = useRef<AutoComplete>(null);
  const [role, setRole] = useState<WorkspaceRole>(DEFAULT_ROLE);
  const memberList = members.query.data;
  // One list per answer (not per render): the field shows its overlay again only when the list really changes.
  const candidates = useMemo(() => {
    const memberIds = new Set((memberList ?? []).map((member) => member.id));
    return suggestions.filter((candidate) => !memberIds.has(candidate.id));
  }, [suggestions, memberList]);
  const canAdd = chosen !== null && !members.add.isPending && !isReadOnly;

  const choose = (user: AdminUser | null) => {
    chosenRef.current = user;
    setChosen(user);
    // An answer still under way would open the list again over the choice.
    if (user) cancel();
  };

  const handleChange = (value: unknown) => {
    if (value !== null && typeof value === 'object') {
      choose(value as AdminUser);
      setText((value as AdminUser).username);
      return;
    }
    const typed = typeof value === 'string' ? value : '';
    setText(typed);
    if (chosenRef.current && typed !== chosenRef.current.username) choose(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen || isReadOnly) return;
    members.add.mutate(
      { username: chosen.username, role },
      {
        onSuccess: () => {
          choose(null);
          setText('');
        },
      },
    );
  };

  return (
    <form className="members-add" onSubmit={handleSubmit} data-testid="members-add-form">
      <div className="form-field members-add__user">
        <label htmlFor={userFieldId} className="form-field__label">
          {tAdmin('workspaceMembers.addLabel')}
        </label>
        <AutoComplete
          ref={field}
          inputId={userFieldId}
          value={chosen ?? text}
          onChange={(event) => handleChange(event.value)}
          // A typed name or address that is one of the suggestions counts as chosen.
          onBlur={() => {
            const named = chosenRef.current ? undefined : candidates.find((user) => isNamedBy(user, text));
            if (named) handleChange(named);
          }}
          suggestions={candidates}
          // A search the field started before the choice (its delay running) is not wanted any more.
          completeMethod={(event) => {
            if (chosenRef.current) field.current?.hide();
            else search(event.query);
          }}
          field="username"
          delay={300}
          disabled={isReadOnly}
          placeholder={tAdmin('workspaceMembers.addPlaceholder')}
          showEmptyMessage
          emptyMessage={tAdmin('workspaceMembers.noMatch')}
          itemTemplate={(candidate: AdminUser) => (
            <span className="members-suggestion" data-testid="members-suggestion">
              <span className="members-suggestion__name">{candidate.username}</span>
              <span className="members-suggestion__email">{candidate.email}</span>
            </span>
          )}
          className="members-add__autocomplete"
          inputClassName="form-field__input"
          data-testid="members-add-user"
        />
      </div>
      <div className="form-field members-add__role">
        <label htmlFor={roleFieldId} className="form-field__label">
          {tAdmin('workspaceMembers.roleLabel')}
        </label>
        <Dropdown
          inputId={roleFieldId}
          ariaLabel={tAdmin('workspaceMembers.roleLabel')}
          value={role}
          options={ROLE_OPTIONS}
          optionLabel="label"
          optionValue="value"
          onChange={(event) => setRole(event.value as WorkspaceRole)}
          disabled={isReadOnly}
          data-testid="members-add-role"
        />
      </div>
      <Button
        type="submit"
        label={tAdmin('workspaceMembers.add')}
        icon="pi pi-user-plus"
        disabled={!canAdd}
        loading={members.add.isPending}
        className="members-add__submit"
        data-testid="members-add-submit"
      />
    </form>
  );
}

function MembersTable({ members, isReadOnly }: { members: Members; isReadOnly: boolean }) {
  const { query, changeRole, remove } = members;
  const isBusy = changeRole.isPending || remove.isPending || isReadOnly;
  return (
    <div className="data-table members-table">
      <DataTable
        value={query.data ?? []}
        dataKey="id"
        loading={query.isFetching}
        emptyMessage={
          query.isPending ? ' ' : <p className="members-table__empty">{tAdmin('workspaceMembers.empty')}</p>
        }
        scrollable
        scrollHeight="18rem"
        aria-label={tAdmin('workspaceMembers.tableLabel')}
        data-testid="members-table"
      >
        <Column
          header={tAdmin('workspaceMembers.columnUser')}
          body={(member: AdminWorkspaceMember) => (
            <span className="members-suggestion" data-testid="member-row">
              <span className="members-suggestion__name">{member.username}</span>
              <span className="members-suggestion__email">{member.email}</span>
            </span>
          )}
        />
        <Column
          header={tAdmin('workspaceMembers.columnRole')}
          body={(member: AdminWorkspaceMember) => (
            <Dropdown
              value={member.role}
              options={ROLE_OPTIONS}
              optionLabel="label"
              optionValue="value"
              disabled={isBusy}
              onChange={(event) =>
                changeRole.mutate({ userId: member.id, role: event.value as WorkspaceRole })
              }
              ariaLabel={tAdmin('workspaceMembers.roleOf', { username: member.username })}
              aria-label={tAdmin('workspaceMembers.roleOf', { username: member.username })}
              className="members-table__role"
              data-testid="member-role"
            />
          )}
        />
        <Column
          header={<span className="visually-hidden">{tAdmin('workspaceMembers.columnActions')}</span>}
          headerClassName="admin-table__actions"
          bodyClassName="admin-table__actions"
          body={(member: AdminWorkspaceMember) => (
            <Button
              icon="pi pi-trash"
              rounded
              text
              severity="danger"
              disabled={isBusy}
              aria-label={tAdmin('workspaceMembers.removeOf', { username: member.username })}
              onClick={() => remove.mutate({ userId: member.id, username: member.username })}
              data-testid="member-remove"
            />
          )}
        />
      </DataTable>
    </div>
  );
}

function MembersContent({ workspace, onClose }: { workspace: AdminWorkspace; onClose: () => void }) {
  const members = useWorkspaceMembers(workspace);
  // Read-only maintenance: the server would refuse every change here.
  const isReadOnly = useIsMaintenance();
  return (
    <div className="members-dialog">
      <AddMemberForm members={members} isReadOnly={isReadOnly} />
      <MembersTable members={members} isReadOnly={isReadOnly} />
      <div className="dialog-actions">
        <Button
          type="button"
          label={tAdmin('workspaceMembers.close')}
          outlined
          severity="secondary"
          onClick={onClose}
        />
      </div>
    </div>
  );
}

/** The members of a workspace with their roles: add someone (any account, by search), change a role, remove. */
export function WorkspaceMembersDialog({ workspace, isOpen, onClose }: WorkspaceDialogProps) {
  return (
    <Dialog
      header={workspace ? tAdmin('workspaceMembers.header', { name: workspace.name }) : ''}
      visible={isOpen && workspace !== null}
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="app-dialog members-dialog-frame"
      data-testid="members-dialog"
    >
      {isOpen && workspace && <MembersContent workspace={workspace} onClose={onClose} />}
    </Dialog>
  );
}
