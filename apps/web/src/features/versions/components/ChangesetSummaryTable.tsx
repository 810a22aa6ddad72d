import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { type ChangeType, type LayerSummary, shownLayers } from '../changesetTables.ts';
import { ChangeTypeIcon } from './ChangeTypeIcon.tsx';
import '../changesets.css';
import { tFiles } from '../../../i18n/files.ts';

interface ChangesetSummaryTableProps {
  summary: readonly LayerSummary[];
  /** Names the table for screen readers. */
  label: string;
  /** Shown when no layer (other than gpkg_contents) changed. */
  emptyText?: string;
  testId?: string;
}

const COUNT_COLUMNS: { type: ChangeType; header: string }[] = [
  { type: 'insert', header: tFiles('changeset.columnInserts') },
  { type: 'update', header: tFiles('changeset.columnUpdates') },
  { type: 'delete', header: tFiles('changeset.columnDeletes') },
];

function countHeader(type: ChangeType, text: string): ReactNode {
  return (
    <span className="changeset-summary__head">
      <ChangeTypeIcon type={type} isDecorative />
      {text}
    </span>
  );
}

/**
 * SPEC §2 changeset summary: per layer its Inserts, Updates and Deletes; gpkg_contents is not listed.
 * Used per GeoPackage in the version detail sidebar and on the file version detail page.
 */
export function ChangesetSummaryTable({
  summary,
  label,
  emptyText = tFiles('changeset.noLayerChanges'),
  testId = 'changeset-summary',
}: ChangesetSummaryTableProps) {
  return (
    <div className="data-table changeset-summary" data-testid={testId}>
      <DataTable
        value={shownLayers(summary)}
        dataKey="table"
        size="small"
        emptyMessage={<span className="changeset-summary__empty">{emptyText}</span>}
        pt={{
          table: { 'aria-label': label },
          // A long layer name may make the table scroll sideways in the sidebar: reachable by keyboard.
          wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
        }}
      >
        <Column
          header={tFiles('changeset.columnLayer')}
          field="table"
          headerClassName="changeset-summary__layer"
          bodyClassName="changeset-summary__layer"
        />
        {COUNT_COLUMNS.map(({ type, header }) => (
          <Column
            key={type}
            header={countHeader(type, header)}
            field={type}
            headerClassName="data-table__number"
            bodyClassName="data-table__number"
          />
        ))}
      </DataTable>
    </div>
  );
}
