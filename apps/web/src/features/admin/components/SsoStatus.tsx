import type { AdminSsoStatus } from '@waymark/contract';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/format/number.ts';
import { tSecurity } from '../../../i18n/security.ts';
import '../../security/components/security.css';

/** Single sign-on's settings (never the secret), whether the provider answers now, how many users are linked. */
export function SsoStatus({ status }: { status: AdminSsoStatus }) {
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
    [tSecurity('adminSso.linkedUsers'), formatNumber(status.linked_users), 'admin-sso-linked'],
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
