import { type VersionMerge } from '@waymark/contract';
import { tFiles } from '../../../i18n/files.ts';

/** The version sidebar's word on a browser upload merged on newer files (issue 28): per GeoPackage what happened. */
export function VersionMergeFact({ merge }: { merge: VersionMerge }) {
  return (
    <div className="detail-panel__fact detail-panel__fact--wide">
      <dt className="detail-panel__label">{tFiles('merge.mergedLabel')}</dt>
      <dd className="detail-panel__value detail-panel__value--plain" data-testid="version-detail-merge">
        <ul className="version-merge">
          {merge.files.map((file) => (
            <li key={file.path} className="version-merge__file">
              {file.overwritten ? (
                <span className="version-merge__warning">
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
                  {tFiles('merge.overwritten', {
                    path: file.path,
                    base: merge.base,
                    reason: file.overwritten,
                  })}
                </span>
              ) : (
                <>
                  {tFiles('merge.merged', { path: file.path, base: merge.base, count: file.kept })}
                  {file.conflict_file && (
                    <span className="version-merge__conflict" data-testid="version-detail-conflict-file">
                      {' '}
                      {tFiles('merge.conflictFile', { file: file.conflict_file, count: file.conflicts })}
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
