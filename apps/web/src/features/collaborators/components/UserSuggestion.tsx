import type { UserSearchItem } from '@waymark/contract';
import { Avatar } from 'primereact/avatar';
import { getInitials } from '../../../lib/format/userName.ts';
import { suggestionFullName } from '../collaboratorRules.ts';

/** One user of the share dialog's list (SPEC §2): avatar initials, the username and the e-mail. */
export function UserSuggestion({ user }: { user: UserSearchItem }) {
  return (
    <div className="user-suggestion" data-testid="share-suggestion">
      <Avatar
        label={getInitials(suggestionFullName(user), user.username)}
        shape="circle"
        className="user-suggestion__avatar"
        aria-hidden="true"
      />
      <span className="user-suggestion__text">
        <span className="user-suggestion__name">{user.username}</span>
        <span className="user-suggestion__email">{user.email}</span>
      </span>
    </div>
  );
}
