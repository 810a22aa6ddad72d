import { CHANGESET_PAGE_SIZE } from '@waymark/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId } from 'react';
import type { ChangesetRow, ChangesetTable } from '../changesetTables.ts';
import { ChangesetCellView } from './ChangeValueText.tsx';
import { ChangeTypeIcon } from './ChangeTypeIcon.tsx';
import '../changesets.css';
import { tFiles } from '../../../i18n/files.ts';

const PAGINATOR_TEMPLATE = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink';

/**
 * One layer's changed rows (SPEC §2 "File version detail page"): the change type icon, then one column
 * per field; pages of 10 rows above 10, in a 400px scroll.
 */
export function ChangesetGrid({ table }: { table: ChangesetTable }) {
  const titleId = useId();
  const isPaged = table.rows.length > CHANGESET_PAGE_SIZE;
  const label = tFiles('changeset.tableLabel', { table: table.name });
  return (
    <section className="card changeset-grid" aria-labelledby={titleId} data-testid="changeset-grid">
      <header className="changeset-grid__header">
        <span className="changeset-grid__icon" aria-hidden="true">
          <i className="pi pi-table" />
        </span>
        <h3 id={titleId} className="card__title changeset-grid__title">
          {table.name}
        </h3>
        <span className="changeset-grid__count" data-testid="changeset-grid-count">
          {tFiles('changeset.rowCount', { count: table.rows.length })}
        </span>
      </header>
      <div className="data-table changeset-grid__table">
        <DataTable
          value={table.rows}
          dataKey="id"
          size="small"
          scrollable
          scrollHeight="400px"
          paginator={isPaged}
          rows={CHANGESET_PAGE_SIZE}
          paginatorTemplate={PAGINATOR_TEMPLATE}
          paginatorClassName="changeset-grid__paginator"
          emptyMessage={
            <p className="changeset-grid__empty" data-testid="changeset-grid-empty">
              {tFiles('changeset.noLayerChangeset')}
            </p>
          }
          pt={{
            table: { 'aria-label': label },
            // The 400px scroll (and wide rows) must be reachable from the keyboard.
            wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
          }}
        >
          <Column
            header={tFiles('changeset.columnChange')}
            body={(row: ChangesetRow) => <ChangeTypeIcon type={row.type} />}
            headerClassName="changeset-grid__type"
            bodyClassName="changeset-grid__type"
          />
          {table.columns.map((column) => (
            <Column
              key={column.name}
              header={column.name}
              body={(row: ChangesetRow) => <ChangesetCellView cell={row.cells[column.name]} />}
            />
          ))}
        </DataTable>
      </div>
    </section>
  );
}
