import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ROUTE_NAMES } from '../lib/routeNames.ts';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { accountRoutes, signInRoutes } from './accountRoutes.ts';
import { adminRoutes } from './adminRoutes.ts';
import { AppRoot } from './AppRoot.tsx';
import { createGuardLoader, shouldRerunGuards } from './guardLoader.ts';
import { createHomeLoader } from './homeLoader.ts';
import { projectRoutes } from './projectRoutes.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { handle } from './routeHelpers.ts';

/**
 * The route tree of SPEC §2, its areas in accountRoutes.ts, projectRoutes.ts and adminRoutes.ts. Pages load
 * lazily so the first bundle holds only the shell essentials; route metadata (name, public, superuser,
 * breadcrumb) stays in these tables so the guards, which run in the root route's loader, know it before
 * anything loads.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: AppRoot,
      HydrateFallback: FullPageLoader,
      errorElement: <RouteErrorPage />,
      loader: createGuardLoader(queryClient, () => routes),
      shouldRevalidate: shouldRerunGuards,
      children: [
        {
          index: true,
          loader: createHomeLoader(queryClient),
          handle: handle({ name: ROUTE_NAMES.home, public: true }),
        },
        ...signInRoutes(),
        {
          lazy: () => import('./ShellLayout.tsx').then((module) => ({ Component: module.ShellLayout })),
          handle: handle({ sidebar: true }),
          children: [...accountRoutes(), ...projectRoutes(), ...adminRoutes()],
        },
        {
          path: '*',
          lazy: () =>
            import('../pages/NotFoundPage.tsx').then((module) => ({ Component: module.NotFoundPage })),
          handle: handle({ name: ROUTE_NAMES.notFound, public: true, title: 'Page not found' }),
        },
      ],
    },
  ];
  return routes;
}
