import type {
  AccessToken,
  AdminAccessToken,
  AdminSsoStatus,
  IdentityList,
  CreateAccessTokenRequest,
  CreatedAccessToken,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
  WorkspaceTwoFactor,
} from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** GET /app/auth/two-factor: on or off, recovery codes left, workspaces requiring it. */
export async function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.twoFactor.status();
}

/** POST /app/auth/two-factor/setup: a new secret with its QR code. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return api.twoFactor.setup();
}

/** POST /app/auth/two-factor/enable: confirms with a code; answers the recovery codes. */
export async function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  return api.twoFactor.enable({ body: { code } });
}

export async function disableTwoFactor(password: string): Promise<void> {
  await api.twoFactor.disable({ body: { password } });
}

export async function regenerateRecoveryCodes(password: string): Promise<RecoveryCodes> {
  return api.twoFactor.recoveryCodes({ body: { password } });
}

/** POST /app/auth/login/two-factor: the sign-in's second step; the session cookie comes with the answer. */
export async function completeTwoFactorLogin(body: {
  challenge: string;
  code: string;
  remember_device: boolean;
}): Promise<void> {
  await api.twoFactor.login({ body });
}

export async function fetchWorkspaceRules(): Promise<WorkspaceTwoFactor[]> {
  return api.twoFactor.workspaces();
}

export async function setWorkspaceRule(id: number, required: boolean): Promise<WorkspaceTwoFactor> {
  return api.twoFactor.setWorkspace({ params: { id }, body: { require_two_factor: required } });
}

export async function fetchAccessTokens(): Promise<AccessToken[]> {
  return api.accessTokens.list();
}

export async function createAccessToken(body: CreateAccessTokenRequest): Promise<CreatedAccessToken> {
  return api.accessTokens.create({ body });
}

export async function revokeAccessToken(id: number): Promise<void> {
  await api.accessTokens.revoke({ params: { id } });
}

export async function fetchAllAccessTokens(): Promise<AdminAccessToken[]> {
  return api.accessTokens.adminList();
}

export async function adminRevokeAccessToken(id: number): Promise<void> {
  await api.accessTokens.adminRevoke({ params: { id } });
}

export async function adminResetTwoFactor(username: string): Promise<void> {
  await api.twoFactor.adminReset({ params: { username } });
}

/** GET /app/auth/identities: the provider accounts linked to the signed-in user. */
export async function fetchIdentities(): Promise<IdentityList> {
  return api.sso.identities();
}

/** POST /app/auth/sso/link: where the browser goes to sign in with the provider and link the account. */
export async function startSsoLink(): Promise<string> {
  return (await api.sso.link()).authorization_url;
}

export async function unlinkIdentity(id: number): Promise<void> {
  await api.sso.unlink({ params: { id } });
}

/** GET /app/admin/sso: single sign-on's settings and whether the provider answers (superusers). */
export async function fetchAdminSsoStatus(): Promise<AdminSsoStatus> {
  return api.sso.adminStatus();
}
