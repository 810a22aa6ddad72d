import type { ChangeType } from '../changesetTables.ts';
import { tFiles } from '../../../i18n/files.ts';

const ICONS: Record<ChangeType, string> = {
  insert: 'pi pi-plus',
  update: 'pi pi-pencil',
  delete: 'pi pi-trash',
};

/** The insert / update / delete mark of a changed row or a summary column (SPEC §2), named for screen readers. */
export function ChangeTypeIcon({ type, isDecorative = false }: { type: ChangeType; isDecorative?: boolean }) {
  const label = tFiles(`changeset.${type}`);
  return (
    <span
      className={`changeset-type changeset-type--${type}`}
      {...(isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label, title: label })}
      data-testid={isDecorative ? undefined : `change-type-${type}`}
    >
      <i className={ICONS[type]} aria-hidden="true" />
    </span>
  );
}
