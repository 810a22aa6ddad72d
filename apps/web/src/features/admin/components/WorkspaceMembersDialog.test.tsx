import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubReply } from '../../../test/stubAdapter.ts';
import { stubServer } from '../../../test/renderApp.tsx';
import {
  ADMIN_WORKSPACE,
  buildAdminUser,
  openWorkspaceMembers as openMembers,
} from '../test/adminFixtures.ts';
import { tAdmin } from '../../../i18n/admin.ts';

const WORKSPACE = ADMIN_WORKSPACE;
const WALTER = buildAdminUser(21, 'walter-writer', { email: 'walter@example.com' });

const MEMBERS = 'GET /app/admin/workspaces/7/members';
const ADD = 'POST /app/admin/workspaces/7/members';

function stub(members: StubReply, userSearch: StubReply[]) {
  return stubServer({
    isAuthenticated: true,
    isSuperuser: true,
    overrides: {
      'GET /app/admin/workspaces': { data: { items: [WORKSPACE], count: 1 } },
      [MEMBERS]: members,
      'GET /app/admin/users': userSearch,
      [ADD]: {
        status: 201,
        data: { id: WALTER.id, username: WALTER.username, email: WALTER.email, role: 'writer' },
      },
    },
  });
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** Opens the dialog, types `typed` into the user field and picks Walter among the suggestions. */
async function chooseWalter(typed: string) {
  const dialog = await openMembers();
  const user = userEvent.setup();
  const field = within(dialog).getByLabelText(tAdmin('workspaceMembers.addLabel'));
  await user.type(field, typed);
  await user.click(await screen.findByText(WALTER.email));
  const add = within(dialog).getByRole('button', { name: tAdmin('workspaceMembers.add') });
  expect(isDisabled(add)).toBe(false);
  return { dialog, user, field, add };
}

describe('workspace members dialog', () => {
  it('keeps the user chosen while the member list was still loading, and adds them', async () => {
    const server = stub({ data: [], delayMs: 1_000 }, [{ data: { items: [WALTER], count: 1 } }]);
    const { dialog, user, field, add } = await chooseWalter('walt');

    expect(await within(dialog).findByText(tAdmin('workspaceMembers.empty'))).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe(WALTER.username);
    expect(isDisabled(add)).toBe(false);
    await user.click(add);
    expect(
      await screen.findByText(
        tAdmin('workspaceMembers.added', { username: WALTER.username, role: 'Writer' }),
      ),
    ).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'POST')?.data).toEqual({
      username: WALTER.username,
      role: 'writer',
    });
  });

  it('keeps the chosen user when the suggestions load again after the choice', async () => {
    // The first search suggests Walter; a search the field began before the choice comes back without him.
    const server = stub({ data: [] }, [
      { data: { items: [WALTER], count: 1 } },
      { status: 502, data: { detail: 'Bad gateway' }, delayMs: 100 },
    ]);
    const dialog = await openMembers();
    const user = userEvent.setup();
    const field = within(dialog).getByLabelText(tAdmin('workspaceMembers.addLabel'));
    await user.type(field, 'wal');
    const suggestion = await screen.findByText(WALTER.email);
    // One more letter, and the suggestion on screen is chosen before the field's search delay is over.
    await user.type(field, 't');
    await user.click(suggestion);
    // Past the field's delay and the answer's: the old list was replaced by then.
    await new Promise((resolve) => setTimeout(resolve, 800));

    const add = within(dialog).getByRole('button', { name: tAdmin('workspaceMembers.add') });
    await user.click(add);
    expect(
      await screen.findByText(
        tAdmin('workspaceMembers.added', { username: WALTER.username, role: 'Writer' }),
      ),
    ).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('lets go of the chosen user once something else is typed', async () => {
    stub({ data: [] }, [{ data: { items: [WALTER], count: 1 } }]);
    const { user, field, add } = await chooseWalter('walt');
    await user.type(field, 'x');
    await waitFor(() => expect(isDisabled(add)).toBe(true));
  });
});
