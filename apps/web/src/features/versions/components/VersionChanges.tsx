import { type ProjectVersionDetail, type VersionFileChange } from '@waymark/contract';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { type ChangesetWaiting, FileChangesetSummary } from './FileChangesetSummary.tsx';
import { tFiles } from '../../../i18n/files.ts';

type ChangeKey = 'added' | 'updated' | 'removed';

const GROUPS: { key: ChangeKey; label: string; icon: string }[] = [
  { key: 'added', label: tFiles('versionDetail.filesAdded'), icon: 'pi pi-plus' },
  { key: 'updated', label: tFiles('versionDetail.filesEdited'), icon: 'pi pi-pencil' },
  { key: 'removed', label: tFiles('versionDetail.filesRemoved'), icon: 'pi pi-trash' },
];

/**
 * The size of a GeoPackage edit's changeset, shown labelled beside the file's own size; none when the changeset
 * could not be computed (the server then reports a size of 0, which would read as an empty changeset).
 */
function changesetSizeOf(version: ProjectVersionDetail, change: VersionFileChange): number | undefined {
  const changeset = version.changesets[change.path];
  return changeset && !('error' in changeset) ? changeset.size : undefined;
}

function FileSizes({ version, change }: { version: ProjectVersionDetail; change: VersionFileChange }) {
  const changesetSize = changesetSizeOf(version, change);
  return (
    <span className="version-changes__size" data-testid="version-change-size">
      {formatByteSize(change.size)}
      {changesetSize !== undefined && (
        <span
          className="version-changes__changeset-size"
          title={tFiles('versionDetail.changesetSizeHint')}
          data-testid="version-change-changeset-size"
        >
          {' · '}
          {tFiles('versionDetail.changesetSize', { size: formatByteSize(changesetSize) })}
        </span>
      )}
    </span>
  );
}

interface VersionChangesProps {
  version: ProjectVersionDetail;
  /** Whether changesets still being computed are waited for. */
  changesetWaiting: ChangesetWaiting;
}

/**
 * SPEC §2 changes of a version: Files added, Files edited and Files removed in an accordion, each with its
 * count; groups with files start open, empty ones cannot open. Per file its path and size, and for a
 * GeoPackage edit the size of its changeset, labelled, and its summary.
 */
export function VersionChanges({ version, changesetWaiting }: VersionChangesProps) {
  const openGroups = GROUPS.flatMap((group, index) => (version.changes[group.key].length > 0 ? [index] : []));
  return (
    <section className="version-changes" aria-label={tFiles('versionDetail.changesLabel')}>
      <Accordion multiple activeIndex={openGroups} className="version-changes__accordion">
        {GROUPS.map((group) => {
          const changes = version.changes[group.key];
          return (
            <AccordionTab
              key={group.key}
              disabled={changes.length === 0}
              header={
                <span className="version-changes__header" data-testid={`version-changes-${group.key}`}>
                  <span
                    className={`version-changes__icon version-changes__icon--${group.key}`}
                    aria-hidden="true"
                  >
                    <i className={group.icon} />
                  </span>
                  <span className="version-changes__label">{group.label}</span>
                  <span className="version-changes__count" data-testid={`version-changes-${group.key}-count`}>
                    {changes.length}
                  </span>
                </span>
              }
            >
              <ul className="version-changes__files">
                {changes.map((change) => (
                  <li key={change.path} className="version-changes__file" data-testid="version-change-file">
                    <div className="version-changes__file-row" data-testid="version-change-file-row">
                      <span className="version-changes__path">{change.path}</span>
                      <FileSizes version={version} change={change} />
                    </div>
                    <FileChangesetSummary version={version} change={change} waiting={changesetWaiting} />
                  </li>
                ))}
              </ul>
            </AccordionTab>
          );
        })}
      </Accordion>
    </section>
  );
}
