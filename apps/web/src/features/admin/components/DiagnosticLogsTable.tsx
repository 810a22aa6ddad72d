import { DIAGNOSTIC_LOG_TEXTS, type DiagnosticLog } from '@waymark/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { diagnosticLogUrl } from '../api/adminApi.ts';
import { TimeAgoCell } from './AdminCells.tsx';

/** The diagnostic logs the mobile app and the QGIS plugin sent, newest first, each downloadable. */
export function DiagnosticLogsTable({ logs }: { logs: DiagnosticLog[] }) {
  if (logs.length === 0) {
    return <EmptyState title={DIAGNOSTIC_LOG_TEXTS.empty} testId="diagnostic-logs-empty" />;
  }
  return (
    <div className="data-table admin-table">
      <DataTable
        value={logs}
        dataKey="name"
        paginator={logs.length > 10}
        rows={10}
        aria-label={DIAGNOSTIC_LOG_TEXTS.tableLabel}
        data-testid="diagnostic-logs-table"
      >
        <Column
          header={DIAGNOSTIC_LOG_TEXTS.columnName}
          body={(log: DiagnosticLog) => (
            <a
              href={diagnosticLogUrl(log.name)}
              download={log.name}
              aria-label={DIAGNOSTIC_LOG_TEXTS.downloadOf(log.name)}
              data-testid="diagnostic-log-download"
            >
              {log.name}
            </a>
          )}
          bodyClassName="admin-table__reason"
        />
        <Column
          header={DIAGNOSTIC_LOG_TEXTS.columnSize}
          headerClassName="data-table__number"
          bodyClassName="data-table__number"
          body={(log: DiagnosticLog) => formatByteSize(log.size)}
        />
        <Column
          header={DIAGNOSTIC_LOG_TEXTS.columnReceived}
          body={(log: DiagnosticLog) => <TimeAgoCell value={log.created} />}
        />
      </DataTable>
    </div>
  );
}
