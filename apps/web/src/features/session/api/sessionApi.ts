import type { AppInitResponse, ConfigResponse, PingResponse, UserProfile } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

/** GET /app/init; the client picks the CSRF token out of the answer's header on its own. */
export async function fetchAppInit(): Promise<AppInitResponse> {
  const response = await http.get<AppInitResponse>('/app/init');
  return response.data;
}

export async function fetchPing(): Promise<PingResponse> {
  const response = await http.get<PingResponse>('/ping');
  return response.data;
}

export async function fetchConfig(): Promise<ConfigResponse> {
  const response = await http.get<ConfigResponse>('/config');
  return response.data;
}

export async function fetchUserProfile(): Promise<UserProfile> {
  const response = await http.get<UserProfile>('/v1/user/profile');
  return response.data;
}
