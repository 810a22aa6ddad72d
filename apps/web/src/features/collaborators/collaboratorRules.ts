import {
  hasProjectRole,
  PROJECT_ROLE_OPTIONS,
  type ProjectAccess,
  type ProjectCollaborator,
  type ProjectRole,
  type UpdateProjectRequest,
  type UserSearchItem,
  WORKSPACE_ROLE_PROJECT_ROLE,
} from '@waymark/contract';

export type MemberSortKey = 'name_asc' | 'name_desc';

/** SPEC §2: the search filters on username and e-mail, case-insensitively. */
export function filterMembers(
  members: readonly ProjectCollaborator[],
  search: string,
): ProjectCollaborator[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...members];
  return members.filter(
    (member) => member.username.toLowerCase().includes(needle) || member.email.toLowerCase().includes(needle),
  );
}

/** SPEC §2 sort menu: by username, A-Z or Z-A. */
export function sortMembers(
  members: readonly ProjectCollaborator[],
  sort: MemberSortKey,
): ProjectCollaborator[] {
  const sorted = [...members].sort((a, b) =>
    a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }),
  );
  return sort === 'name_desc' ? sorted.reverse() : sorted;
}

export interface RoleOption {
  value: ProjectRole;
  label: string;
  description: string;
  disabled: boolean;
}

/**
 * The role choices of one member (SPEC §5 "Role options the user's global role cannot grant are disabled"):
 * a member already holds in every project of the workspace the role their workspace role stands for, so
 * nothing below it can be given to them here.
 */
export function roleOptionsFor(member: Pick<ProjectCollaborator, 'workspace_role'>): RoleOption[] {
  const floor = WORKSPACE_ROLE_PROJECT_ROLE[member.workspace_role];
  return PROJECT_ROLE_OPTIONS.map((option) => ({
    ...option,
    disabled: floor !== null && !hasProjectRole(option.value, floor),
  }));
}

/** SPEC §2: nobody removes themselves; only guests of the workspace hold access that removing takes away. */
export function canRemoveMember(
  member: Pick<ProjectCollaborator, 'id' | 'workspace_role'>,
  myId: number | undefined,
) {
  return member.id !== myId && member.workspace_role === 'guest';
}

const ACCESS_LIST_OF_ROLE = {
  owner: 'ownersnames',
  writer: 'writersnames',
  editor: 'editorsnames',
  reader: 'readersnames',
} as const satisfies Record<ProjectRole, keyof UpdateProjectRequest['access']>;

/**
 * The share call's body (SPEC §7 "save access by role"): the project's access as loaded, with the chosen users
 * added to the list of the chosen role. Every list is sent, so nobody else's role changes.
 */
export function shareAccessBody(
  access: Pick<ProjectAccess, 'ownersnames' | 'writersnames' | 'editorsnames' | 'readersnames' | 'public'>,
  usernames: readonly string[],
  role: ProjectRole,
): UpdateProjectRequest {
  const lists = {
    ownersnames: [...access.ownersnames],
    writersnames: [...access.writersnames],
    editorsnames: [...access.editorsnames],
    readersnames: [...access.readersnames],
  };
  const list = lists[ACCESS_LIST_OF_ROLE[role]];
  for (const username of usernames) if (!list.includes(username)) list.push(username);
  return { access: { ...lists, public: access.public } };
}

/** SPEC §4 "A duplicate selection is removed, keeping one copy" (by user id, the first stays). */
export function withoutDuplicateUsers<T extends Pick<UserSearchItem, 'id'>>(users: readonly T[]): T[] {
  const seen = new Set<number>();
  return users.filter((user) => (seen.has(user.id) ? false : (seen.add(user.id), true)));
}

/** SPEC §3: a suggestion's label is its name, or the username when there is none. */
export function suggestionLabel(user: Pick<UserSearchItem, 'name' | 'username'>): string {
  return user.name.trim() || user.username;
}

/** The name the avatar initials come from (SPEC §9): first and last name, else the full name. */
export function suggestionFullName(user: Pick<UserSearchItem, 'name' | 'profile'>): string {
  const parts = [user.profile.first_name, user.profile.last_name].map((part) => part?.trim() ?? '');
  const joined = parts.filter(Boolean).join(' ');
  return joined || user.name;
}
