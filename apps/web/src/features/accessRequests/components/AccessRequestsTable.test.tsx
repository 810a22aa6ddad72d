import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AccessRequest } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { RecordedRequest } from '../../../test/stubAdapter.ts';
import { tProject } from '../../../i18n/project.ts';

const LIST = 'GET /app/project/access-request/field-team';
const DAY = 24 * 3600 * 1000;

const request = (id: number, expireIn: number): AccessRequest => ({
  id,
  project_id: `p-${id}`,
  requested_by: `user-${id}`,
  project_name: `project-${id}`,
  namespace: 'field-team',
  expire: new Date(Date.now() + expireIn).toISOString(),
});

const pagesAsked = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url === '/app/project/access-request/field-team').map((r) => r.params.page);

describe("the workspace's access requests page", () => {
  it("says 'No access requests found' when nobody waits", async () => {
    stubServer({ isAuthenticated: true, overrides: { [LIST]: { data: { items: [], count: 0 } } } });
    renderApp('/access-requests');
    expect(await screen.findByText(tProject('accessRequestTable.empty'))).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: tProject('accessRequestTable.workspaceTitle') }),
    ).toBeTruthy();
  });

  it("shows 'Expired' requests without Accept, pages by 10, and steps back after the last row of a page", async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => request(index + 1, (index + 1) * DAY));
    const last = request(11, -DAY);
    let isLastCancelled = false;
    const stub = stubServer({
      isAuthenticated: true,
      overrides: {
        [LIST]: ({ params }) => {
          const count = isLastCancelled ? 10 : 11;
          return { data: { items: params.page === 2 && !isLastCancelled ? [last] : firstPage, count } };
        },
        'DELETE /app/project/access-request/11': () => {
          isLastCancelled = true;
          return { data: {} };
        },
      },
    });
    renderApp('/access-requests');
    const table = await screen.findByTestId('access-requests-table');
    await within(table).findByText('user-1');
    expect(within(table).getByText('Expiring in 1 day')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'project-1' })).toBeTruthy();
    expect(stub.requests.find((r) => r.url.startsWith('/app/project/access-request/'))?.params).toMatchObject(
      {
        page: 1,
        per_page: 10,
        order_params: 'expire_asc',
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table).findByText('user-11');
    expect(within(table).getByText(tProject('accessRequestTable.expired'))).toBeTruthy();
    const accept = within(table).getByRole('button', {
      name: tProject('accessRequestTable.acceptOf', { username: 'user-11' }),
    });
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(
      within(table).getByRole('button', {
        name: tProject('accessRequestTable.cancelOf', { username: 'user-11' }),
      }),
    );
    await waitFor(() => expect(within(table).queryByText('user-11')).toBeNull());
    await within(table).findByText('user-1');
    expect(pagesAsked(stub.requests).at(-1)).toBe(1);
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it("toasts 'Failed to accept access request' when the server gives no reason", async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        [LIST]: { data: { items: [request(1, DAY)], count: 1 } },
        'POST /app/project/access-request/accept/1': { status: 500, data: {} },
      },
    });
    renderApp('/access-requests');
    await userEvent.click(
      await screen.findByRole('button', {
        name: tProject('accessRequestTable.acceptOf', { username: 'user-1' }),
      }),
    );
    expect(await screen.findByText('Failed to accept access request')).toBeTruthy();
  });
});
