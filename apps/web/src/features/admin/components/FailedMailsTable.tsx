import type { FailedMail } from '@waymark/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { TimeAgoCell } from './AdminCells.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

/** The mails the server gave up sending, as the server info lists them (a table, or a line when none). */
export function FailedMailsTable({ mails }: { mails: FailedMail[] }) {
  if (mails.length === 0) {
    return <EmptyState title={tAdmin('server.noFailedMails')} testId="failed-mails-empty" />;
  }
  return (
    <div className="data-table admin-table">
      <DataTable
        value={mails}
        aria-label={tAdmin('server.failedMailsLabel')}
        data-testid="failed-mails-table"
      >
        <Column header={tAdmin('server.columnTo')} field="to" bodyClassName="admin-table__email" />
        <Column header={tAdmin('server.columnSubject')} field="subject" />
        <Column
          header={tAdmin('server.columnFailedAt')}
          body={(mail: FailedMail) => <TimeAgoCell value={mail.failed_at} />}
        />
        <Column header={tAdmin('server.columnReason')} field="reason" bodyClassName="admin-table__reason" />
      </DataTable>
    </div>
  );
}
