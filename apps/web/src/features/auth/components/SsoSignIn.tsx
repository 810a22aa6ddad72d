import { SSO_ERROR_CODES, type SsoErrorCode } from '@waymark/contract';
import { tCommon } from '../../../i18n/common.ts';

/** The reason a single sign-on came back with (`?sso_error=<code>`), when it is one the app knows. */
export function readSsoError(value: string | null): SsoErrorCode | undefined {
  return SSO_ERROR_CODES.find((code) => code === value);
}

/**
 * The two-factor challenge a single sign-on hands over in the address's fragment (`#two_factor=…`: never sent to
 * a server), for the sign-in's second step.
 */
export function readSsoChallenge(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('two_factor');
  return value || undefined;
}

/**
 * 'Sign in with <name>': a plain link, since the browser leaves for the identity provider and comes back to the
 * server's callback, which signs in and returns to `redirect`.
 */
export function SsoButton({ name, redirect }: { name: string; redirect: string | undefined }) {
  const href = `/app/auth/sso/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <a
      href={href}
      className="p-button p-component p-button-outlined auth-form__submit auth-form__sso"
      data-testid="login-sso"
    >
      <i className="pi pi-sign-in p-button-icon p-button-icon-left" aria-hidden="true" />
      <span className="p-button-label">{tCommon('login.ssoButton', { name })}</span>
    </a>
  );
}
