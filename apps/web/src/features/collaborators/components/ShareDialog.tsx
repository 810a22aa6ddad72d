import {
  PROJECT_ROLE_OPTIONS,
  type ProjectDetail,
  type ProjectRole,
  type UserSearchItem,
} from '@waymark/contract';
import { PERMISSIONS_DOCS_PATH, SHARE_DIALOG_WIDTH_PX } from '../../../lib/constants.ts';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useConfig } from '../../session/hooks/useInstance.ts';
import { suggestionLabel, withoutDuplicateUsers } from '../collaboratorRules.ts';
import { useShareProject } from '../hooks/useShareProject.ts';
import { useUserSearch } from '../hooks/useUserSearch.ts';
import { UserSuggestion } from './UserSuggestion.tsx';
import { RoleOptionItem } from './RoleOptionItem.tsx';
import { tProject } from '../../../i18n/project.ts';

interface ShareDialogProps {
  project: ProjectDetail;
  isVisible: boolean;
  onHide: () => void;
}

/** The dialog's content: unmounted on close, so every opening starts empty with reader chosen (SPEC §4). */
function ShareForm({ project, onHide }: Omit<ShareDialogProps, 'isVisible'>) {
  const fieldId = useId();
  const permissionId = useId();
  const docsUrl = useConfig()?.docs_url;
  const autoComplete = useRef<AutoComplete>(null);
  const [selected, setSelected] = useState<UserSearchItem[]>([]);
  const [permission, setPermission] = useState<ProjectRole>('reader');
  const { suggestions, isPending, search } = useUserSearch(project.namespace, project.id);
  const share = useShareProject(project);

  const canShare = selected.length > 0 && !isPending && !share.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canShare) return;
    share.mutate(
      { usernames: selected.map((user) => user.username), role: permission },
      {
        onSuccess: ({ invalidUsernames }) => {
          if (invalidUsernames.length === 0) onHide();
          // Those added are gone from the choice; the ones refused stay, to be corrected.
          else setSelected((users) => users.filter((user) => invalidUsernames.includes(user.username)));
        },
      },
    );
  };

  // Only listed users can be chosen (forceSelection drops typed text that is no user), each once.
  const handleChange = (value: unknown) => {
    if (!Array.isArray(value)) return;
    const users = value.filter(
      (item: unknown): item is UserSearchItem => typeof item === 'object' && item !== null,
    );
    setSelected(withoutDuplicateUsers(users));
  };

  const chosenIds = new Set(selected.map((user) => user.id));
  const listed = suggestions.filter((user) => !chosenIds.has(user.id));

  return (
    <form className="share-form" onSubmit={handleSubmit} data-testid="share-form">
      <div className="form-field">
        <label htmlFor={fieldId} className="form-field__label">
          {tProject('shareDialog.shareWith')}
        </label>
        <AutoComplete
          ref={autoComplete}
          inputId={fieldId}
          multiple
          value={selected}
          onChange={(event) => handleChange(event.value)}
          suggestions={listed}
          completeMethod={(event) => search(event.query)}
          // SPEC §5: the search also runs on focus, with whatever the box holds (minimum length 0).
          onFocus={(event) => autoComplete.current?.search(event, event.target.value, 'dropdown')}
          minLength={0}
          delay={300}
          forceSelection
          field="username"
          selectedItemTemplate={(user: UserSearchItem) => suggestionLabel(user)}
          itemTemplate={(user: UserSearchItem) => <UserSuggestion user={user} />}
          placeholder={selected.length === 0 ? tProject('shareDialog.placeholder') : undefined}
          showEmptyMessage
          emptyMessage={tProject('shareDialog.empty')}
          panelFooterTemplate={
            listed.length > 0 ? <p className="share-form__footer">{tProject('shareDialog.footer')}</p> : null
          }
          className="share-form__users"
          panelClassName="share-form__panel"
          data-testid="share-users"
        />
      </div>
      <div className="form-field">
        <label htmlFor={permissionId} className="form-field__label">
          {tProject('shareDialog.permission')}
        </label>
        <Dropdown
          inputId={permissionId}
          // Names the trigger icon; the input is named by its label.
          ariaLabel={tProject('shareDialog.permission')}
          value={permission}
          options={[...PROJECT_ROLE_OPTIONS]}
          optionLabel="label"
          optionValue="value"
          onChange={(event) => setPermission(event.value as ProjectRole)}
          itemTemplate={(option: (typeof PROJECT_ROLE_OPTIONS)[number]) => <RoleOptionItem option={option} />}
          className="share-form__permission"
          data-testid="share-permission"
        />
      </div>
      {docsUrl && (
        <a
          href={`${docsUrl.replace(/\/+$/, '')}${PERMISSIONS_DOCS_PATH}`}
          target="_blank"
          rel="noopener noreferrer"
          className="share-form__docs"
        >
          <i className="pi pi-info-circle" aria-hidden="true" /> {tProject('shareDialog.learnMore')}
        </a>
      )}
      <div className="dialog-actions">
        <Button type="button" label={tProject('shareDialog.cancel')} text onClick={onHide} />
        <Button
          type="submit"
          label={tProject('shareDialog.share')}
          icon="pi pi-share-alt"
          disabled={!canShare}
          loading={share.isPending}
          data-testid="share-submit"
        />
      </div>
    </form>
  );
}

/** SPEC §2 Share project dialog, width 600. */
export function ShareDialog({ project, isVisible, onHide }: ShareDialogProps) {
  return (
    <Dialog
      header={tProject('shareDialog.header')}
      visible={isVisible}
      onHide={onHide}
      style={{ width: `${SHARE_DIALOG_WIDTH_PX}px`, maxWidth: 'calc(100vw - 2rem)' }}
      draggable={false}
      modal
      data-testid="share-dialog"
    >
      {isVisible && <ShareForm project={project} onHide={onHide} />}
    </Dialog>
  );
}
