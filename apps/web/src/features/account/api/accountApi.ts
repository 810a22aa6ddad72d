import type {
  AccessRequestListResponse,
  ChangePasswordRequest,
  UpdateProfileRequest,
  UserInfo,
} from '@waymark/contract';
import { ACCESS_REQUESTS_PAGE_SIZE } from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** POST /app/auth/user/profile: names, address and the notification switch. */
export async function updateProfile(body: UpdateProfileRequest): Promise<UserInfo> {
  return api.account.updateProfile({ body });
}

/** POST /app/auth/change-password */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.account.changePassword({ body });
}

/** POST /app/auth/resend-confirm-email: a new confirmation link to the current address (the reference's GET is not used). */
export async function resendConfirmEmail(): Promise<void> {
  await api.account.resendConfirmation();
}

/** POST /app/auth/confirm-email/{token} */
export async function confirmEmail(token: string): Promise<void> {
  await api.account.confirmEmail({ params: { token } });
}

/** DELETE /v1/user: closes the signed-in user's account. */
export async function closeAccount(): Promise<void> {
  await api.account.close();
}

/** GET /app/project/access-requests: the user's own pending requests, soonest to expire first. */
export async function fetchOwnAccessRequests(): Promise<AccessRequestListResponse> {
  return api.accessRequests.listOwn({
    query: { page: 1, per_page: ACCESS_REQUESTS_PAGE_SIZE, order_params: 'expire_asc' },
  });
}
