import { CHANGESET_VALUE_MAX_CHARS } from '../../../lib/constants.ts';
import type { ChangesetCell, ChangeValue } from '../changesetTables.ts';
import { tFiles } from '../../../i18n/files.ts';

/**
 * One value of a changed row: 'N/A' when the changeset does not carry it, NULL marked as such, and long
 * values (geometry as WKT, long texts) cut short with the whole value in the title.
 */
export function ChangeValueText({ value }: { value: ChangeValue | undefined }) {
  if (value === undefined) {
    return (
      <span className="changeset-value changeset-value--missing">{tFiles('changeset.notAvailable')}</span>
    );
  }
  if (value === null) {
    return <span className="changeset-value changeset-value--null">{tFiles('changeset.nullValue')}</span>;
  }
  const text = String(value);
  if (text.length <= CHANGESET_VALUE_MAX_CHARS) return <span className="changeset-value">{text}</span>;
  return (
    <span className="changeset-value changeset-value--cut" title={text} data-testid="changeset-value-cut">
      {`${text.slice(0, CHANGESET_VALUE_MAX_CHARS - 1)}…`}
    </span>
  );
}

/** A cell of a changeset grid: a value, or an updated column's old value → new value (SPEC §2). */
export function ChangesetCellView({ cell }: { cell: ChangesetCell | undefined }) {
  if (cell === undefined) return <ChangeValueText value={undefined} />;
  if (cell.kind === 'value') return <ChangeValueText value={cell.value} />;
  return (
    <span className="changeset-change">
      <span className="changeset-change__old">
        <ChangeValueText value={cell.old} />
      </span>{' '}
      <span className="changeset-change__arrow">→</span>{' '}
      <span className="changeset-change__new">
        <ChangeValueText value={cell.new} />
      </span>
    </span>
  );
}
