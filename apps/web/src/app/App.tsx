import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppToast } from '../ui/AppToast.tsx';
import { connectApiClient } from './connectApiClient.ts';
import { createQueryClient } from '../lib/query/createQueryClient.ts';
import { PRIME_REACT_OPTIONS } from './primeReactOptions.ts';
import { makeRoutesResilient } from './resilientRoutes.tsx';
import { createRoutes } from './routes.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  queryClient: QueryClient;
  router: AppRouter;
}

/**
 * Creates the app's long-lived singletons once, outside React, so StrictMode's double rendering can
 * never wire the API client to a query client that React then throws away.
 */
export function createApp(): AppProps {
  const queryClient = createQueryClient();
  const router = createBrowserRouter(makeRoutesResilient(createRoutes(queryClient)));
  connectApiClient(queryClient, router);
  return { queryClient, router };
}

/** Providers around the router; the toast outlet sits outside it so start-up failures can show. */
export function App({ queryClient, router }: AppProps) {
  return (
    <PrimeReactProvider value={PRIME_REACT_OPTIONS}>
      <QueryClientProvider client={queryClient}>
        <AppToast />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
