import {
  type AdminServerInfo,
  type AdminSsoStatus,
  type FailedMail,
  type MailTransportInfo,
  type ServerUsage,
} from '@waymark/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputSwitch } from 'primereact/inputswitch';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { type ReactNode, useId, useState } from 'react';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { usePing } from '../../session/hooks/useInstance.ts';
import {
  useDiagnosticLogs,
  useServerInfo,
  useServerUsage,
  useSetMaintenance,
} from '../hooks/useAdminServer.ts';
import { DiagnosticLogsTable } from './DiagnosticLogsTable.tsx';
import { TimeAgoCell } from './AdminCells.tsx';
import { UsageReportDownload } from './UsageReportDownload.tsx';
import { useAdminSsoStatus } from '../../security/hooks/useSecurity.ts';
import { tSecurity } from '../../../i18n/security.ts';
import '../../security/components/security.css';
import '../admin.css';
import { tAdmin } from '../../../i18n/admin.ts';
import { locale } from '../../../i18n/i18n.ts';

const NUMBER_FORMAT = new Intl.NumberFormat(locale());

function mailTransportText(transport: MailTransportInfo): string {
  if (transport.type === 'outbox') return tAdmin('server.mailOutbox', { folder: transport.folder });
  return tAdmin('server.mailSmtp', { host: `${transport.host}:${transport.port}` });
}

function ServerCard({
  title,
  testId,
  className,
  children,
}: {
  title: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={['card admin-server-card', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="card__header">
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
      </header>
      <div className="admin-server-card__body">{children}</div>
    </section>
  );
}

/** A card's content while its call failed: the toast says why, this offers a retry. */
function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState title={tAdmin('panel.loadError')}>
      <Button label={tAdmin('panel.retry')} icon="pi pi-refresh" outlined onClick={onRetry} />
    </EmptyState>
  );
}

function LoadingLines() {
  return (
    <div className="admin-server-card__loading" aria-busy="true">
      <Skeleton width="60%" height="1rem" />
      <Skeleton width="40%" height="1rem" />
    </div>
  );
}

function MaintenanceSwitch({ info }: { info: AdminServerInfo }) {
  const switchId = useId();
  const hintId = useId();
  const mutation = useSetMaintenance();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  // Only the admin switch can be turned off here; the setting and the file are the operator's.
  const isLockedOn =
    info.maintenance && (info.maintenance_source === 'config' || info.maintenance_source === 'file');
  const hint = isLockedOn
    ? info.maintenance_source === 'config'
      ? tAdmin('server.maintenanceSourceConfig')
      : tAdmin('server.maintenanceSourceFile')
    : info.maintenance
      ? tAdmin('server.maintenanceOnHint')
      : tAdmin('server.maintenanceOffHint');

  return (
    <>
      <div className={info.maintenance ? 'maintenance-row maintenance-row--on' : 'maintenance-row'}>
        <span className="maintenance-row__icon" aria-hidden="true">
          <i className="pi pi-wrench" />
        </span>
        <div className="maintenance-row__text">
          <label htmlFor={switchId} className="maintenance-row__label">
            {tAdmin('server.maintenanceSwitch')}
          </label>
          <p id={hintId} className="maintenance-row__hint" data-testid="maintenance-hint">
            {hint}
          </p>
        </div>
        <InputSwitch
          inputId={switchId}
          checked={info.maintenance}
          disabled={isLockedOn || mutation.isPending}
          aria-describedby={hintId}
          onChange={(event) => {
            if (event.value) setIsConfirmOpen(true);
            else mutation.mutate(false);
          }}
          data-testid="maintenance-switch"
          // PrimeReact gives the wrapper a checkbox role too; the input inside is the switch.
          pt={{ root: { role: 'presentation', 'aria-checked': undefined } }}
        />
      </div>
      <ConfirmDialog
        isVisible={isConfirmOpen}
        header={tAdmin('server.maintenanceOnHeader')}
        message={tAdmin('server.maintenanceOnMessage')}
        confirmLabel={tAdmin('server.maintenanceOnConfirm')}
        isDanger
        isBusy={mutation.isPending}
        testId="maintenance-confirm"
        onConfirm={() => mutation.mutate(true, { onSuccess: () => setIsConfirmOpen(false) })}
        onHide={() => setIsConfirmOpen(false)}
      />
    </>
  );
}

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

function UsageFigures({ usage }: { usage: ServerUsage }) {
  const count = (value: number) => NUMBER_FORMAT.format(value);
  const saved = usage.files_referenced.bytes - usage.files_stored.bytes;
  return (
    <>
      <dl className="usage-grid">
        <Figure label={tAdmin('server.users')} value={count(usage.users)} testId="usage-users" />
        <Figure
          label={tAdmin('server.workspaces')}
          value={count(usage.workspaces)}
          testId="usage-workspaces"
        />
        <Figure label={tAdmin('server.projects')} value={count(usage.projects)} testId="usage-projects" />
        <Figure
          label={tAdmin('server.storage')}
          value={formatByteSize(usage.storage)}
          testId="usage-storage"
        />
        <Figure
          label={tAdmin('server.activeContributors')}
          value={count(usage.active_monthly_contributors)}
          testId="usage-contributors"
        />
        <Figure label={tAdmin('server.editors')} value={count(usage.editors)} testId="usage-editors" />
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

function FailedMailsTable({ mails }: { mails: FailedMail[] }) {
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

/**
 * The server section: maintenance switch, version and mail transport, usage figures, failed mails and the
 * diagnostic logs the apps sent.
 */
/** Single sign-on's settings (never the secret), whether the provider answers now, how many users are linked. */
function SsoStatus({ status }: { status: AdminSsoStatus }) {
  if (!status.configured) {
    return (
      <p className="admin-sso__off" data-testid="admin-sso-off">
        {tSecurity('adminSso.notConfigured')}
      </p>
    );
  }
  const newUsers = !status.create_users
    ? tSecurity('adminSso.newUsersOff')
    : status.default_workspace
      ? tSecurity('adminSso.newUsersInto', {
          workspace: status.default_workspace,
          role: status.default_role ?? '',
        })
      : tSecurity('adminSso.newUsersOn');
  const rows: Array<[string, ReactNode, string]> = [
    [tSecurity('adminSso.name'), status.provider_name, 'admin-sso-name'],
    [tSecurity('adminSso.issuer'), status.issuer, 'admin-sso-issuer'],
    [tSecurity('adminSso.clientId'), status.client_id, 'admin-sso-client'],
    [tSecurity('adminSso.redirectUri'), <code key="uri">{status.redirect_uri}</code>, 'admin-sso-redirect'],
    [tSecurity('adminSso.scopes'), status.scopes, 'admin-sso-scopes'],
    [tSecurity('adminSso.usernameClaim'), status.username_claim, 'admin-sso-claim'],
    [tSecurity('adminSso.newUsers'), newUsers, 'admin-sso-new-users'],
    [
      tSecurity('adminSso.domains'),
      status.allowed_domains.length > 0 ? status.allowed_domains.join(', ') : tSecurity('adminSso.anyDomain'),
      'admin-sso-domains',
    ],
    [
      tSecurity('adminSso.passwordLogin'),
      status.password_login ? tSecurity('adminSso.passwordOn') : tSecurity('adminSso.passwordOff'),
      'admin-sso-password',
    ],
    [tSecurity('adminSso.linkedUsers'), NUMBER_FORMAT.format(status.linked_users), 'admin-sso-linked'],
  ];
  return (
    <>
      <p className="admin-sso__state">
        <Tag value={tSecurity('adminSso.on')} severity="success" className="security-row__tag" />
        <Tag
          value={
            status.provider_reachable ? tSecurity('adminSso.reachable') : tSecurity('adminSso.unreachable')
          }
          severity={status.provider_reachable ? 'success' : 'danger'}
          icon={status.provider_reachable ? 'pi pi-check' : 'pi pi-exclamation-triangle'}
          className="security-row__tag"
          data-testid="admin-sso-reachable"
        />
        {status.provider_error && <span className="admin-sso__error">{status.provider_error}</span>}
      </p>
      <dl className="about-list admin-sso__list">
        {rows.map(([label, value, testId]) => (
          <div
            className={
              testId === 'admin-sso-redirect' ? 'about-list__row admin-sso__wide' : 'about-list__row'
            }
            key={testId}
          >
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function AdminServer() {
  const info = useServerInfo();
  const usage = useServerUsage();
  const logs = useDiagnosticLogs();
  const sso = useAdminSsoStatus();
  // What the Mergin clients see in /ping (the sidebar shows it too), beside Waymark's own release.
  const apiVersion = usePing()?.version;
  const infoBody = (render: (data: AdminServerInfo) => ReactNode) =>
    info.data ? (
      render(info.data)
    ) : info.isError ? (
      <LoadError onRetry={() => void info.refetch()} />
    ) : (
      <LoadingLines />
    );

  return (
    <div className="admin-server">
      <div className="admin-server__row">
        <ServerCard
          title={tAdmin('server.maintenanceTitle')}
          testId="admin-maintenance"
          className="admin-server__wide"
        >
          {infoBody((data) => (
            <MaintenanceSwitch info={data} />
          ))}
        </ServerCard>
        <ServerCard title={tAdmin('server.aboutTitle')} testId="admin-about">
          {infoBody((data) => (
            <dl className="about-list">
              <div className="about-list__row">
                <dt>{tAdmin('server.version')}</dt>
                <dd data-testid="server-version">{data.version}</dd>
              </div>
              {apiVersion && (
                <div className="about-list__row">
                  <dt>{tAdmin('server.apiVersion')}</dt>
                  <dd data-testid="server-api-version">{apiVersion}</dd>
                </div>
              )}
              <div className="about-list__row">
                <dt>{tAdmin('server.mailTransport')}</dt>
                <dd data-testid="server-mail-transport">{mailTransportText(data.mail_transport)}</dd>
              </div>
            </dl>
          ))}
        </ServerCard>
      </div>
      <ServerCard title={tAdmin('server.usageTitle')} testId="admin-usage">
        {usage.data ? (
          <UsageFigures usage={usage.data} />
        ) : usage.isError ? (
          <LoadError onRetry={() => void usage.refetch()} />
        ) : (
          <LoadingLines />
        )}
        <UsageReportDownload />
      </ServerCard>
      <ServerCard title={tSecurity('adminSso.title')} testId="admin-sso">
        {sso.data ? (
          <SsoStatus status={sso.data} />
        ) : sso.isError ? (
          <LoadError onRetry={() => void sso.refetch()} />
        ) : (
          <LoadingLines />
        )}
      </ServerCard>
      <ServerCard
        title={tAdmin('server.failedMailsTitle')}
        testId="admin-failed-mails"
        className="admin-server-card--table"
      >
        {infoBody((data) => (
          <FailedMailsTable mails={data.failed_mails} />
        ))}
      </ServerCard>
      <ServerCard
        title={tAdmin('diagnosticLogs.title')}
        testId="admin-diagnostic-logs"
        className="admin-server-card--table"
      >
        {logs.data ? (
          <DiagnosticLogsTable logs={logs.data} />
        ) : logs.isError ? (
          <LoadError onRetry={() => void logs.refetch()} />
        ) : (
          <LoadingLines />
        )}
      </ServerCard>
    </div>
  );
}
