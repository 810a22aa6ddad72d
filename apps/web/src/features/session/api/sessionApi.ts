import type {
  AppInitResponse,
  ConfigResponse,
  PingResponse,
  TwoFactorStatus,
  UserProfile,
} from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** GET /app/init; the client picks the CSRF token out of the answer's header on its own. */
export async function fetchAppInit(): Promise<AppInitResponse> {
  return api.service.appInit();
}

export async function fetchPing(): Promise<PingResponse> {
  return api.service.ping();
}

export async function fetchConfig(): Promise<ConfigResponse> {
  return api.service.config();
}

export async function fetchUserProfile(): Promise<UserProfile> {
  return api.user.profile();
}

/** GET /app/auth/two-factor: whether a workspace requires two-factor sign-in the user has not turned on. */
export async function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.twoFactor.status();
}
