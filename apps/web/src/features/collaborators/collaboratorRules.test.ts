import type { ProjectCollaborator, UserSearchItem } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import {
  canRemoveMember,
  filterMembers,
  roleOptionsFor,
  shareAccessBody,
  sortMembers,
  suggestionFullName,
  suggestionLabel,
  withoutDuplicateUsers,
} from './collaboratorRules.ts';

const member = (over: Partial<ProjectCollaborator>): ProjectCollaborator => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  name: '',
  workspace_role: 'guest',
  project_role: 'reader',
  role: 'reader',
  ...over,
});

const user = (over: Partial<UserSearchItem>): UserSearchItem => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  name: '',
  profile: { first_name: null, last_name: null },
  ...over,
});

describe('members', () => {
  const members = [
    member({ id: 1, username: 'bob', email: 'b@field.org' }),
    member({ id: 2, username: 'Ada', email: 'ada@lab.org' }),
    member({ id: 3, username: 'carl', email: 'carl@lab.org' }),
  ];

  it('are searched by username and e-mail, whatever the case', () => {
    expect(filterMembers(members, 'LAB').map((m) => m.id)).toEqual([2, 3]);
    expect(filterMembers(members, ' bo ').map((m) => m.id)).toEqual([1]);
    expect(filterMembers(members, '')).toHaveLength(3);
    expect(filterMembers(members, 'nobody')).toEqual([]);
  });

  it('are sorted by username A-Z or Z-A', () => {
    expect(sortMembers(members, 'name_asc').map((m) => m.username)).toEqual(['Ada', 'bob', 'carl']);
    expect(sortMembers(members, 'name_desc').map((m) => m.username)).toEqual(['carl', 'bob', 'Ada']);
  });

  it('can be removed only when they are guests of the workspace and not oneself', () => {
    expect(canRemoveMember(member({ id: 2, workspace_role: 'guest' }), 1)).toBe(true);
    expect(canRemoveMember(member({ id: 1, workspace_role: 'guest' }), 1)).toBe(false);
    expect(canRemoveMember(member({ id: 2, workspace_role: 'writer' }), 1)).toBe(false);
    expect(canRemoveMember(member({ id: 2, workspace_role: 'admin' }), 1)).toBe(false);
  });

  it('cannot be given a role below the one their workspace role gives', () => {
    const disabled = (workspaceRole: ProjectCollaborator['workspace_role']) =>
      roleOptionsFor({ workspace_role: workspaceRole })
        .filter((option) => option.disabled)
        .map((option) => option.value);
    expect(disabled('guest')).toEqual([]);
    expect(disabled('reader')).toEqual([]);
    expect(disabled('editor')).toEqual(['reader']);
    expect(disabled('writer')).toEqual(['reader', 'editor']);
    expect(disabled('admin')).toEqual(['reader', 'editor', 'writer']);
    expect(roleOptionsFor({ workspace_role: 'guest' }).map((option) => option.label)).toEqual([
      'Reader',
      'Editor',
      'Writer',
      'Owner',
    ]);
  });
});

describe('the share call', () => {
  const access = {
    ownersnames: ['ada'],
    writersnames: ['ada'],
    editorsnames: ['ada'],
    readersnames: ['ada', 'bob'],
    public: false,
  };

  it('sends the access as loaded with the chosen users added to the chosen role', () => {
    expect(shareAccessBody(access, ['carl', 'dora'], 'writer')).toEqual({
      access: {
        ownersnames: ['ada'],
        writersnames: ['ada', 'carl', 'dora'],
        editorsnames: ['ada'],
        readersnames: ['ada', 'bob'],
        public: false,
      },
    });
    expect(shareAccessBody(access, ['bob'], 'reader').access.readersnames).toEqual(['ada', 'bob']);
    expect(access.writersnames).toEqual(['ada']);
  });
});

describe('user suggestions', () => {
  it('keep one copy of a user chosen twice', () => {
    const chosen = withoutDuplicateUsers([user({ id: 1 }), user({ id: 2 }), user({ id: 1 })]);
    expect(chosen.map((u) => u.id)).toEqual([1, 2]);
  });

  it('are labelled by name, else username; initials come from first and last name', () => {
    expect(suggestionLabel(user({ name: 'Ada Lovelace' }))).toBe('Ada Lovelace');
    expect(suggestionLabel(user({ name: ' ' }))).toBe('ada');
    expect(
      suggestionFullName(user({ name: 'x', profile: { first_name: 'Grace', last_name: 'Hopper' } })),
    ).toBe('Grace Hopper');
    expect(suggestionFullName(user({ name: 'Ada King' }))).toBe('Ada King');
  });
});
