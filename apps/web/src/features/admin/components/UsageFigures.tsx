import type { ServerUsage } from '@waymark/contract';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { formatNumber } from '../../../lib/format/number.ts';
import { tAdmin } from '../../../i18n/admin.ts';

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div className="usage-figure" data-testid={testId}>
      <dt className="usage-figure__label">{label}</dt>
      <dd className="usage-figure__value">{value}</dd>
      {detail && <dd className="usage-figure__detail">{detail}</dd>}
    </div>
  );
}

/** The server's usage: people, projects, storage, and what sharing files between versions saved. */
export function UsageFigures({ usage }: { usage: ServerUsage }) {
  const saved = usage.files_referenced.bytes - usage.files_stored.bytes;
  return (
    <>
      <dl className="usage-grid">
        <Figure label={tAdmin('server.users')} value={formatNumber(usage.users)} testId="usage-users" />
        <Figure
          label={tAdmin('server.workspaces')}
          value={formatNumber(usage.workspaces)}
          testId="usage-workspaces"
        />
        <Figure
          label={tAdmin('server.projects')}
          value={formatNumber(usage.projects)}
          testId="usage-projects"
        />
        <Figure
          label={tAdmin('server.storage')}
          value={formatByteSize(usage.storage)}
          testId="usage-storage"
        />
        <Figure
          label={tAdmin('server.activeContributors')}
          value={formatNumber(usage.active_monthly_contributors)}
          testId="usage-contributors"
        />
        <Figure label={tAdmin('server.editors')} value={formatNumber(usage.editors)} testId="usage-editors" />
        <Figure
          label={tAdmin('server.filesStored')}
          value={formatByteSize(usage.files_stored.bytes)}
          detail={tAdmin('server.filesCount', {
            count: usage.files_stored.count,
          })}
          testId="usage-files-stored"
        />
        <Figure
          label={tAdmin('server.filesReferenced')}
          value={formatByteSize(usage.files_referenced.bytes)}
          detail={tAdmin('server.filesCount', {
            count: usage.files_referenced.count,
          })}
          testId="usage-files-referenced"
        />
      </dl>
      {saved > 0 && (
        <p className="usage-saved" data-testid="usage-saved">
          <i className="pi pi-check-circle" aria-hidden="true" />{' '}
          {tAdmin('server.savedBySharing', { bytes: formatByteSize(saved) })}
        </p>
      )}
    </>
  );
}
