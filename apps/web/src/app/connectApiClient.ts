import type { QueryClient } from '@tanstack/react-query';
import type { PingResponse } from '@waymark/contract';
import { PING_QUERY_KEY } from '../features/session/session.ts';
import { clearSession, hasAuthenticatedSession } from '../features/session/sessionActions.ts';

import { configureApiClient } from '../lib/api/http.ts';
import { notify } from '../lib/notifications.ts';
import {
  onServerRecovered,
  reportNetworkFailure,
  reportServerAnswered,
} from '../lib/network/serverReachability.ts';
import { tCommon } from '../i18n/common.ts';

interface GuardedRouter {
  /** Runs the loaders of the current address again, and so the route guards. */
  revalidate: () => Promise<void>;
}

/**
 * Ties the API client's rules to app state: a 401 forgets the user and runs the route guards again
 * (which send them to sign in unless the page is public), and the ping's maintenance flag switches on
 * read-only mode. A request without an answer marks the server unreachable (one notice, probes with backoff);
 * when it answers again, whatever failed meanwhile loads again by itself.
 */
export function connectApiClient(queryClient: QueryClient, router: GuardedRouter): void {
  configureApiClient({
    onUnauthorized: () => {
      // A wrong password also answers 401; there is no user to forget then.
      if (!hasAuthenticatedSession(queryClient)) return;
      clearSession(queryClient);
      void router.revalidate();
    },
    isMaintenance: () => queryClient.getQueryData<PingResponse>(PING_QUERY_KEY)?.maintenance === true,
    // Maintenance began after the last ping: asking again shows the banner and disables the writes.
    onMaintenanceRefusal: () => void queryClient.invalidateQueries({ queryKey: PING_QUERY_KEY }),
    onAnswer: reportServerAnswered,
    onNetworkError: reportNetworkFailure,
  });
  onServerRecovered(() => {
    notify.success(tCommon('network.recovered'));
    void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
  });
}
