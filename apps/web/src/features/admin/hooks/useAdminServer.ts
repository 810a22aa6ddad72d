import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { notify } from '../../../lib/notifications.ts';
import { PING_QUERY_KEY } from '../../session/session.ts';
import { fetchDiagnosticLogs, fetchServerInfo, fetchServerUsage, setMaintenance } from '../api/adminApi.ts';
import { ADMIN_QUERY_KEY } from './useAdminUsers.ts';
import { tAdmin } from '../../../i18n/admin.ts';

const SERVER_INFO_KEY = [...ADMIN_QUERY_KEY, 'server'] as const;
const USAGE_KEY = [...ADMIN_QUERY_KEY, 'usage'] as const;

/** GET /app/admin/server: version, maintenance, mail transport and the last failed mails. */
export function useServerInfo() {
  return useQuery({
    queryKey: SERVER_INFO_KEY,
    queryFn: fetchServerInfo,
    meta: { errorMessage: tAdmin('server.fetchFailed') },
  });
}

/** GET /app/admin/usage */
export function useServerUsage() {
  return useQuery({
    queryKey: USAGE_KEY,
    queryFn: fetchServerUsage,
    meta: { errorMessage: tAdmin('server.usageFailed') },
  });
}

/**
 * PUT /app/admin/maintenance. The ping is asked again at once: it carries the flag that shows this browser's
 * read-only banner and stops its own writes.
 */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenance,
    meta: { errorMessage: tAdmin('server.maintenanceFailed') },
    onSuccess: async (answer) => {
      notify.success(answer.maintenance ? tAdmin('server.maintenanceOn') : tAdmin('server.maintenanceOff'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SERVER_INFO_KEY }),
        queryClient.invalidateQueries({ queryKey: PING_QUERY_KEY }),
      ]);
    },
  });
}

/** GET /app/admin/diagnostic-logs */
export function useDiagnosticLogs() {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'diagnostic-logs'],
    queryFn: fetchDiagnosticLogs,
    meta: { errorMessage: tAdmin('diagnosticLogs.fetchFailed') },
  });
}
