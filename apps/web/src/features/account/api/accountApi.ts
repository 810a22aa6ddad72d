import type {
  AccessRequestListResponse,
  ChangePasswordRequest,
  UpdateProfileRequest,
  UserInfo,
} from '@waymark/contract';
import { ACCESS_REQUESTS_PAGE_SIZE } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

/** POST /app/auth/user/profile: names, address and the notification switch. */
export async function updateProfile(body: UpdateProfileRequest): Promise<UserInfo> {
  const response = await http.post<UserInfo>('/app/auth/user/profile', body);
  return response.data;
}

/** POST /app/auth/change-password */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await http.post('/app/auth/change-password', body);
}

/** POST /app/auth/resend-confirm-email: a new confirmation link to the current address (the reference's GET is not used). */
export async function resendConfirmEmail(): Promise<void> {
  await http.post('/app/auth/resend-confirm-email');
}

/** POST /app/auth/confirm-email/{token} */
export async function confirmEmail(token: string): Promise<void> {
  await http.post(`/app/auth/confirm-email/${encodeURIComponent(token)}`);
}

/** DELETE /v1/user: closes the signed-in user's account. */
export async function closeAccount(): Promise<void> {
  await http.delete('/v1/user');
}

/** GET /app/project/access-requests: the user's own pending requests, soonest to expire first. */
export async function fetchOwnAccessRequests(): Promise<AccessRequestListResponse> {
  const response = await http.get<AccessRequestListResponse>('/app/project/access-requests', {
    params: { page: 1, per_page: ACCESS_REQUESTS_PAGE_SIZE, order_params: 'expire_asc' },
  });
  return response.data;
}
