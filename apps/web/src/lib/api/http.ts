import type { AxiosError } from 'axios';
import { createApiClient } from './apiClient.ts';

interface ApiClientHooks {
  onUnauthorized: (error: AxiosError) => void;
  isMaintenance: () => boolean;
  onMaintenanceRefusal: () => void;
  onAnswer: () => void;
  onNetworkError: (error: AxiosError) => void;
}

// Filled in by the app at start-up: lib code cannot reach the app's state, the app can reach lib.
const hooks: ApiClientHooks = {
  onUnauthorized: () => {},
  isMaintenance: () => false,
  onMaintenanceRefusal: () => {},
  onAnswer: () => {},
  onNetworkError: () => {},
};

/** The one API client of the app; feature `api` modules call the server through `http`. */
export const apiClient = createApiClient({
  onUnauthorized: (error) => hooks.onUnauthorized(error),
  isMaintenance: () => hooks.isMaintenance(),
  onMaintenanceRefusal: () => hooks.onMaintenanceRefusal(),
  onAnswer: () => hooks.onAnswer(),
  onNetworkError: (error) => hooks.onNetworkError(error),
});

export const http = apiClient.http;

/** Connects the client's 401, maintenance and reachability rules to app state. */
export function configureApiClient(next: Partial<ApiClientHooks>): void {
  Object.assign(hooks, next);
}
