import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppToast } from '../ui/AppToast.tsx';
import { connectApiClient } from './connectApiClient.ts';
import { createQueryClient } from './queryClient.ts';
import { routes } from './routes.tsx';

function createApp() {
  const queryClient = createQueryClient();
  connectApiClient(queryClient);
  return { queryClient, router: createBrowserRouter(routes) };
}

/** Providers around the router; the toast outlet sits outside it so start-up failures can show. */
export function App() {
  const [{ queryClient, router }] = useState(createApp);
  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <QueryClientProvider client={queryClient}>
        <AppToast />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
