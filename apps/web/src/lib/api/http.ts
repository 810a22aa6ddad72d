import type { AxiosError } from 'axios';
import { createApiClient } from './apiClient.ts';

interface ApiClientHooks {
  onUnauthorized: (error: AxiosError) => void;
  isMaintenance: () => boolean;
}

// Filled in by the app at start-up: lib code cannot reach the app's state, the app can reach lib.
const hooks: ApiClientHooks = {
  onUnauthorized: () => {},
  isMaintenance: () => false,
};

/** The one API client of the app; feature `api` modules call the server through `http`. */
export const apiClient = createApiClient({
  onUnauthorized: (error) => hooks.onUnauthorized(error),
  isMaintenance: () => hooks.isMaintenance(),
});

export const http = apiClient.http;

/** Connects the client's 401 and maintenance rules to app state. */
export function configureApiClient(next: Partial<ApiClientHooks>): void {
  Object.assign(hooks, next);
}
