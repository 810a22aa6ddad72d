import { MERGE_TEXTS, type VersionMerge } from '@waymark/contract';

/** The version sidebar's word on a browser upload merged on newer files (issue 28): per GeoPackage what happened. */
export function VersionMergeFact({ merge }: { merge: VersionMerge }) {
  return (
    <div className="detail-panel__fact detail-panel__fact--wide">
      <dt className="detail-panel__label">{MERGE_TEXTS.mergedLabel}</dt>
      <dd className="detail-panel__value detail-panel__value--plain" data-testid="version-detail-merge">
        <ul className="version-merge">
          {merge.files.map((file) => (
            <li key={file.path} className="version-merge__file">
              {file.overwritten ? (
                <span className="version-merge__warning">
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
                  {MERGE_TEXTS.overwritten(file.path, merge.base, file.overwritten)}
                </span>
              ) : (
                <>
                  {MERGE_TEXTS.merged(file.path, merge.base, file.kept)}
                  {file.conflict_file && (
                    <span className="version-merge__conflict" data-testid="version-detail-conflict-file">
                      {' '}
                      {MERGE_TEXTS.conflictFile(file.conflict_file, file.conflicts)}
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
