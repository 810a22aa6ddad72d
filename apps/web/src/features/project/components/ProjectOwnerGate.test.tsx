import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import { clearSession } from '../../session/sessionActions.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { buildProject } from '../test/projectFixture.ts';
import { tCommon } from '../../../i18n/common.ts';
import { tProject } from '../../../i18n/project.ts';

const PROJECT_URL = 'GET /v1/project/field-team/survey';
const SETTINGS = '/projects/field-team/survey/settings';
const OWNED = buildProject({
  public: true,
  role: 'owner',
  permissions: { upload: true, update: true, delete: true },
});

/** The owner on the settings of a public project; signed out, the project answers as to a visitor. */
async function openAsOwner() {
  let isSignedIn = true;
  stubServer({
    isAuthenticated: true,
    overrides: {
      [PROJECT_URL]: () => ({ data: isSignedIn ? OWNED : { ...OWNED, role: null } }),
    },
  });
  const view = renderApp(SETTINGS);
  expect(await screen.findByRole('button', { name: tProject('settings.deleteButton') })).toBeTruthy();
  const signOutElsewhere = (options: { hasSignedOut?: boolean }) => {
    isSignedIn = false;
    act(() => clearSession(view.queryClient, options));
  };
  return { ...view, signOutElsewhere };
}

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('owner-only project tabs without a session', () => {
  it('lead to sign-in when the account signs out with no navigation of its own (not a blank page)', async () => {
    // As closing the account does: the session is forgotten as signed out, and nothing else moves the page.
    const { router, signOutElsewhere } = await openAsOwner();
    signOutElsewhere({ hasSignedOut: true });
    expect(await screen.findByRole('heading', { name: tCommon('login.title') })).toBeTruthy();
    expect(currentPath(router)).toBe('/login');
  });

  it('lead to sign-in and back when the session is lost, not to the public files tab', async () => {
    const { router, signOutElsewhere } = await openAsOwner();
    signOutElsewhere({});
    expect(await screen.findByRole('heading', { name: tCommon('login.title') })).toBeTruthy();
    expect(currentPath(router)).toBe(`/login?redirect=${SETTINGS}`);
  });

  it('send a signed-in user who does not own the project to its files', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { [PROJECT_URL]: { data: buildProject({ public: true, role: 'writer' }) } },
    });
    const { router } = renderApp(SETTINGS);
    await waitFor(() => expect(currentPath(router)).toBe('/projects/field-team/survey/tree'));
  });
});
