import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useDrawerAutoToggle } from '../features/layout/hooks/useDrawerAutoToggle.ts';
import { useConfig, usePing } from '../features/session/hooks/useInstance.ts';
import { getDocumentTitle } from './routeHandle.ts';
import { ServerUnreachableNotice } from './ServerUnreachableNotice.tsx';

/**
 * Root of every route. Its loader has already loaded the session and applied the route guards
 * (guardLoader.ts); here the instance calls start and the document title follows the route.
 */
export function AppRoot() {
  // Started here so the maintenance flag and the docs address are known app-wide.
  usePing();
  useConfig();
  useDrawerAutoToggle();
  const documentTitle = getDocumentTitle(useMatches());

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  return (
    <>
      <Outlet />
      <ServerUnreachableNotice />
    </>
  );
}
