import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ProjectCollaborator, type UserSearchItem } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, TEST_USER } from '../../../test/renderApp.tsx';
import type { StubReply } from '../../../test/stubAdapter.ts';
import { buildProject } from '../../project/test/projectFixture.ts';
import { tProject } from '../../../i18n/project.ts';

const PROJECT = buildProject({
  role: 'owner',
  access: {
    owners: [7],
    writers: [7],
    editors: [7],
    readers: [7, 8],
    public: false,
    ownersnames: ['ada'],
    writersnames: ['ada'],
    editorsnames: ['ada'],
    readersnames: ['ada', 'bob'],
  },
});
const COLLABORATORS = `GET /v2/projects/${PROJECT.id}/collaborators`;

const member = (over: Partial<ProjectCollaborator>): ProjectCollaborator => ({
  id: 8,
  username: 'bob',
  email: 'bob@example.com',
  name: '',
  workspace_role: 'guest',
  project_role: 'reader',
  role: 'reader',
  ...over,
});

const ME = member({
  id: TEST_USER.id,
  username: 'ada',
  email: 'ada@example.com',
  workspace_role: 'owner',
  project_role: 'owner',
  role: 'owner',
});

const CARL: UserSearchItem = {
  id: 9,
  username: 'carl',
  email: 'carl@example.com',
  name: 'Carl Friedrich Gauss',
  profile: { first_name: 'Carl', last_name: 'Gauss' },
};

function open(overrides: NonNullable<Parameters<typeof stubServer>[0]['overrides']>) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: {
      'GET /v1/project/field-team/survey': { data: PROJECT },
      [COLLABORATORS]: { data: [ME, member({})] },
      'GET /app/project/access-request/field-team': { data: { items: [], count: 0 } },
      ...overrides,
    },
  });
  renderApp('/projects/field-team/survey/collaborators');
  return stub;
}

const rows = async () => {
  const table = await screen.findByTestId('members-table');
  await within(table).findAllByTestId('member-username');
  return within(table).getAllByRole('row').slice(1);
};

describe('the members table', () => {
  it('lists members with their e-mail, username, (me) and permission; own role fixed, Remove for guests', async () => {
    open({});
    const [first, second] = await rows();
    expect(screen.getByRole('columnheader', { name: tProject('collaborators.columnEmail') })).toBeTruthy();
    expect(
      screen.getByRole('columnheader', { name: tProject('collaborators.columnPermissions') }),
    ).toBeTruthy();
    expect(first?.textContent).toContain(`ada ${tProject('collaborators.me')}`);
    expect(second?.textContent).toContain('bob@example.com');
    expect(second?.textContent).not.toContain(tProject('collaborators.me'));
    const [myRole, bobRole] = screen.getAllByTestId('member-role');
    expect(myRole?.className).toContain('p-disabled');
    expect(bobRole?.className).not.toContain('p-disabled');
    expect(screen.getAllByTestId('member-remove')).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: tProject('collaborators.removeOf', { username: 'bob' }) }),
    ).toBeTruthy();
    // No access requests: no Requests section.
    expect(screen.queryByTestId('project-requests')).toBeNull();
  });

  it("searches on username and e-mail, sorts Z-A, and says 'No members found.'", async () => {
    open({});
    await rows();
    await userEvent.click(screen.getByTestId('members-sort'));
    await userEvent.click(
      await screen.findByRole('option', { name: tProject('collaborators.sortNameDesc'), hidden: true }),
    );
    await waitFor(async () =>
      expect((await rows()).map((row) => row.textContent?.includes('bob'))).toEqual([true, false]),
    );
    await userEvent.type(
      screen.getByRole('searchbox', { name: tProject('collaborators.searchLabel') }),
      'nobody',
    );
    expect(await screen.findByText(tProject('collaborators.empty'))).toBeTruthy();
  });

  it('changes a role with PATCH, and removes a guest after confirmation, saying so each time', async () => {
    const stub = open({
      [`PATCH /v2/projects/${PROJECT.id}/collaborators/8`]: { data: member({ role: 'writer' }) },
      [`DELETE /v2/projects/${PROJECT.id}/collaborators/8`]: { data: {} },
    });
    await rows();
    await userEvent.click(screen.getAllByTestId('member-role')[1]!);
    await userEvent.click(await screen.findByRole('option', { name: /Writer/, hidden: true }));
    await waitFor(() =>
      expect(stub.requests.find((r) => r.method === 'PATCH')?.data).toEqual({ role: 'writer' }),
    );
    expect(await screen.findByText('Role of bob changed to Writer')).toBeTruthy();
    await userEvent.click(screen.getByTestId('member-remove'));
    await userEvent.click(
      await screen.findByRole('button', { name: tProject('collaborators.removeConfirm') }),
    );
    await waitFor(() => expect(stub.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('bob was removed from the project')).toBeTruthy();
  });

  it('shows placeholder rows while the members load, never "No members found." (a phone showed a blank grey area)', async () => {
    open({ [COLLABORATORS]: { data: [ME, member({})], delayMs: 1500 } });
    const loading = await screen.findByTestId('members-loading');
    expect(within(loading).getByText(tProject('collaborators.loading'))).toBeTruthy();
    expect(screen.queryByTestId('members-empty')).toBeNull();
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
    expect(screen.queryByTestId('members-loading')).toBeNull();
  });

  it('shows 10 members per page', async () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      member({ id: 100 + index, username: `member-${String(index).padStart(2, '0')}` }),
    );
    open({ [COLLABORATORS]: { data: [ME, ...many] } });
    expect(await rows()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
  });

  it("toasts 'Failed to get project collaborators' when the list cannot be loaded", async () => {
    open({ [COLLABORATORS]: { status: 500, data: {} } });
    expect(await screen.findByText('Failed to get project collaborators')).toBeTruthy();
  });
});

describe('the project access requests', () => {
  it('show with their count and are accepted with the chosen permission', async () => {
    const request = {
      id: 31,
      project_id: PROJECT.id,
      requested_by: 'dora',
      project_name: 'survey',
      namespace: 'field-team',
      expire: new Date(Date.now() + 3 * 24 * 3600 * 1000 + 3600 * 1000).toISOString(),
    };
    const stub = open({
      'GET /app/project/access-request/field-team': [
        { data: { items: [request], count: 1 } },
        { data: { items: [], count: 0 } },
      ],
      'POST /app/project/access-request/accept/31': { data: {} },
    });
    const section = await screen.findByTestId('project-requests');
    expect(within(section).getByTestId('project-requests-count').textContent).toBe('1');
    expect(within(section).getByText('Expiring in 3 days')).toBeTruthy();
    expect(stub.requests.find((r) => r.url.startsWith('/app/project/access-request/'))?.params).toMatchObject(
      {
        project_name: 'survey',
        per_page: 10,
        order_params: 'expire_asc',
      },
    );
    await userEvent.click(within(section).getByTestId('access-request-permission'));
    await userEvent.click(await screen.findByRole('option', { name: 'Writer', hidden: true }));
    await userEvent.click(
      within(section).getByRole('button', {
        name: tProject('accessRequestTable.acceptOf', { username: 'dora' }),
      }),
    );
    await waitFor(() =>
      expect(stub.requests.find((r) => r.url.includes('/accept/'))?.data).toEqual({ permissions: 'write' }),
    );
    await waitFor(() => expect(screen.queryByTestId('project-requests')).toBeNull());
  });
});

describe('the share dialog', () => {
  async function openDialog(put: StubReply) {
    const stub = open({
      'GET /app/auth/user/search': { data: [CARL] },
      'PUT /v1/project/field-team/survey': put,
    });
    await rows();
    await userEvent.click(screen.getByTestId('share-button'));
    const dialog = await screen.findByRole('dialog', { name: tProject('shareDialog.header') });
    return { stub, dialog };
  }

  it('searches on focus, shares with reader by default, toasts and closes', async () => {
    const { stub, dialog } = await openDialog({ data: PROJECT });
    expect((dialog as HTMLElement).style.width).toBe('600px');
    const submit = within(dialog).getByRole('button', { name: tProject('shareDialog.share') });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(dialog).getByText(tProject('shareDialog.learnMore')).closest('a')?.getAttribute('href'),
    ).toBe('https://docs.example.com/manage/permissions');
    const input = within(dialog).getByLabelText(tProject('shareDialog.shareWith'));
    expect(input.getAttribute('placeholder')).toBe(tProject('shareDialog.placeholder'));
    await userEvent.click(input);
    await waitFor(() =>
      expect(stub.requests.find((r) => r.url === '/app/auth/user/search')?.params).toMatchObject({
        namespace: 'field-team',
        like: '',
        project_id: PROJECT.id,
      }),
    );
    expect(await screen.findByText(tProject('shareDialog.footer'))).toBeTruthy();
    await userEvent.click(await screen.findByText('carl@example.com'));
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(submit);
    await waitFor(() =>
      expect(stub.requests.find((r) => r.method === 'PUT')?.data).toMatchObject({
        access: { readersnames: ['ada', 'bob', 'carl'], writersnames: ['ada'] },
      }),
    );
    expect(await screen.findByText(tProject('shareDialog.shared'))).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: tProject('shareDialog.header') })).toBeNull(),
    );
  });

  it('stays open and lists the usernames the server could not add', async () => {
    const { dialog } = await openDialog({
      status: 422,
      data: {
        code: 'UpdateProjectAccessError',
        detail: 'Project access could not be updated (UpdateProjectAccessError)',
        invalid_usernames: ['carl'],
        invalid_ids: [],
      },
    });
    await userEvent.click(within(dialog).getByLabelText(tProject('shareDialog.shareWith')));
    await userEvent.click(await screen.findByText('carl@example.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: tProject('shareDialog.share') }));
    expect(await screen.findByText(`${tProject('shareDialog.unableToShare')}: carl`)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: tProject('shareDialog.header') })).toBeTruthy();
  });

  it('keeps Share disabled while a search is pending', async () => {
    const { dialog } = await openDialog({ data: PROJECT });
    const input = within(dialog).getByLabelText(tProject('shareDialog.shareWith'));
    await userEvent.click(input);
    await userEvent.click(await screen.findByText('carl@example.com'));
    const submit = within(dialog).getByRole('button', { name: tProject('shareDialog.share') });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    stubServer({
      isAuthenticated: true,
      overrides: { 'GET /app/auth/user/search': { data: [CARL], delayMs: 1500 } },
    });
    await userEvent.type(input, 'ca');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(true));
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  });

  it("says 'No matches found - Try using their emails instead' when nobody matches", async () => {
    const stub = open({ 'GET /app/auth/user/search': { data: [] } });
    await rows();
    await userEvent.click(screen.getByTestId('share-button'));
    const dialog = await screen.findByRole('dialog', { name: tProject('shareDialog.header') });
    await userEvent.type(within(dialog).getByLabelText(tProject('shareDialog.shareWith')), 'zz');
    expect(await screen.findByText(tProject('shareDialog.empty'))).toBeTruthy();
    await waitFor(() => expect(stub.requests.some((r) => r.params.like === 'zz')).toBe(true));
  });
});
