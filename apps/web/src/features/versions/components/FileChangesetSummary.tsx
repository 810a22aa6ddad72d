import { isGeoPackagePath, type ProjectVersionDetail, type VersionFileChange } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Link } from 'react-router';
import { fileVersionDetailPath } from '../../../lib/paths.ts';
import { FILE_VIEW_PARAM, FILE_VIEW_MAP } from '../fileVersionView.ts';
import { fileChangesetState } from '../changesetWaiting.ts';
import { ChangesetSummaryTable } from './ChangesetSummaryTable.tsx';
import { tFiles } from '../../../i18n/files.ts';
import { tMap } from '../../../i18n/map.ts';

export interface ChangesetWaiting {
  /** The sidebar is still asking for the changesets by itself. */
  isPolling: boolean;
  /** A check by hand is under way. */
  isChecking: boolean;
  onCheckAgain: () => void;
}

interface FileChangesetSummaryProps {
  version: ProjectVersionDetail;
  change: VersionFileChange;
  waiting: ChangesetWaiting;
}

/**
 * Under a changed GeoPackage in the version sidebar (SPEC §2): its per-layer summary with the 'Show
 * advanced' link to the file version detail page and 'Show on map' to its map of the changes (issue 27), or 'Details not available: {error}', or a quiet note
 * while the server still computes it. Other files show nothing here.
 */
export function FileChangesetSummary({ version, change, waiting }: FileChangesetSummaryProps) {
  const state = fileChangesetState(version, change);
  switch (state.kind) {
    case 'none':
      return null;
    case 'error':
      return (
        <p className="version-changes__note version-changes__note--error" data-testid="changeset-error">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          <span>{tFiles('changeset.detailsNotAvailable', { error: state.error })}</span>
        </p>
      );
    case 'pending':
      return waiting.isPolling ? (
        <p className="version-changes__note" role="status" data-testid="changeset-calculating">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          {tFiles('changeset.calculating')}
        </p>
      ) : (
        <p className="version-changes__note" data-testid="changeset-still-calculating">
          {tFiles('changeset.stillCalculating')}
          <Button
            label={tFiles('changeset.checkAgain')}
            link
            size="small"
            loading={waiting.isChecking}
            onClick={waiting.onCheckAgain}
            className="version-changes__check"
          />
        </p>
      );
    case 'summary': {
      const page = fileVersionDetailPath(version.namespace, version.project_name, version.name, change.path);
      return (
        <div className="version-changes__changeset">
          <ChangesetSummaryTable
            summary={state.changeset.summary}
            label={tFiles('changeset.summaryLabel', { path: change.path })}
          />
          <div className="version-changes__links">
            <Link to={page} className="version-changes__advanced" data-testid="changeset-show-advanced">
              {tFiles('changeset.showAdvanced')}
            </Link>
            {isGeoPackagePath(change.path) && (
              <Link
                to={`${page}?${FILE_VIEW_PARAM}=${FILE_VIEW_MAP}`}
                className="version-changes__advanced"
                data-testid="changeset-show-on-map"
              >
                <i className="pi pi-map" aria-hidden="true" /> {tMap('changes.showOnMap')}
              </Link>
            )}
          </div>
        </div>
      );
    }
  }
}
