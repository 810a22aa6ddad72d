import type { MailTransportInfo } from '@waymark/contract';
import { usePing } from '../../session/hooks/useInstance.ts';
import { useDiagnosticLogs, useServerInfo, useServerUsage } from '../hooks/useAdminServer.ts';
import { useAdminSsoStatus } from '../../security/hooks/useSecurity.ts';
import { DiagnosticLogsTable } from './DiagnosticLogsTable.tsx';
import { FailedMailsTable } from './FailedMailsTable.tsx';
import { MaintenanceSwitch } from './MaintenanceSwitch.tsx';
import { QueryContent, ServerCard } from './ServerCard.tsx';
import { SsoStatus } from './SsoStatus.tsx';
import { UsageFigures } from './UsageFigures.tsx';
import { UsageReportDownload } from './UsageReportDownload.tsx';
import { tSecurity } from '../../../i18n/security.ts';
import '../admin.css';
import { tAdmin } from '../../../i18n/admin.ts';

function mailTransportText(transport: MailTransportInfo): string {
  if (transport.type === 'outbox') return tAdmin('server.mailOutbox', { folder: transport.folder });
  return tAdmin('server.mailSmtp', { host: `${transport.host}:${transport.port}` });
}

/**
 * The server section: maintenance switch, version and mail transport, usage figures, single sign-on, failed
 * mails and the diagnostic logs the apps sent.
 */
export function AdminServer() {
  const info = useServerInfo();
  const usage = useServerUsage();
  const logs = useDiagnosticLogs();
  const sso = useAdminSsoStatus();
  // What the Mergin clients see in /ping (the sidebar shows it too), beside Waymark's own release.
  const apiVersion = usePing()?.version;

  return (
    <div className="admin-server">
      <div className="admin-server__row">
        <ServerCard
          title={tAdmin('server.maintenanceTitle')}
          testId="admin-maintenance"
          className="admin-server__wide"
        >
          <QueryContent query={info}>{(data) => <MaintenanceSwitch info={data} />}</QueryContent>
        </ServerCard>
        <ServerCard title={tAdmin('server.aboutTitle')} testId="admin-about">
          <QueryContent query={info}>
            {(data) => (
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
            )}
          </QueryContent>
        </ServerCard>
      </div>
      <ServerCard title={tAdmin('server.usageTitle')} testId="admin-usage">
        <QueryContent query={usage}>{(data) => <UsageFigures usage={data} />}</QueryContent>
        <UsageReportDownload />
      </ServerCard>
      <ServerCard title={tSecurity('adminSso.title')} testId="admin-sso">
        <QueryContent query={sso}>{(data) => <SsoStatus status={data} />}</QueryContent>
      </ServerCard>
      <ServerCard
        title={tAdmin('server.failedMailsTitle')}
        testId="admin-failed-mails"
        className="admin-server-card--table"
      >
        <QueryContent query={info}>{(data) => <FailedMailsTable mails={data.failed_mails} />}</QueryContent>
      </ServerCard>
      <ServerCard
        title={tAdmin('diagnosticLogs.title')}
        testId="admin-diagnostic-logs"
        className="admin-server-card--table"
      >
        <QueryContent query={logs}>{(data) => <DiagnosticLogsTable logs={data} />}</QueryContent>
      </ServerCard>
    </div>
  );
}
