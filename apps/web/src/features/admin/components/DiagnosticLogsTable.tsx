import { type DiagnosticLog } from '@waymark/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { diagnosticLogUrl } from '../api/adminApi.ts';
import { TimeAgoCell } from './AdminCells.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

/** The diagnostic logs the mobile app and the QGIS plugin sent, newest first, each downloadable. */
export function DiagnosticLogsTable({ logs }: { logs: DiagnosticLog[] }) {
  if (logs.length === 0) {
    return <EmptyState title={tAdmin('diagnosticLogs.empty')} testId="diagnostic-logs-empty" />;
  }
  return (
    <div className="data-table admin-table">
      <DataTable
        value={logs}
        dataKey="name"
        paginator={logs.length > 10}
        rows={10}
        aria-label={tAdmin('diagnosticLogs.tableLabel')}
        data-testid="diagnostic-logs-table"
      >
        <Column
          header={tAdmin('diagnosticLogs.columnName')}
          body={(log: DiagnosticLog) => (
            <a
              href={diagnosticLogUrl(log.name)}
              download={log.name}
              aria-label={tAdmin('diagnosticLogs.downloadOf', { name: log.name })}
              data-testid="diagnostic-log-download"
            >
              {log.name}
            </a>
          )}
          bodyClassName="admin-table__reason"
        />
        <Column
          header={tAdmin('diagnosticLogs.columnSize')}
          headerClassName="data-table__number"
          bodyClassName="data-table__number"
          body={(log: DiagnosticLog) => formatByteSize(log.size)}
        />
        <Column
          header={tAdmin('diagnosticLogs.columnReceived')}
          body={(log: DiagnosticLog) => <TimeAgoCell value={log.created} />}
        />
      </DataTable>
    </div>
  );
}
