import type { AccessToken, AccessTokenScope, AdminAccessToken } from '@waymark/contract';
import type { AccessTokenRow } from '../repositories/access-token.repository.ts';
import { isoSeconds } from './timestamps.ts';

export function presentAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as AccessTokenScope,
    created_at: isoSeconds(row.createdAt),
    expires_at: isoSeconds(row.expiresAt),
    last_used_at: row.lastUsedAt ? isoSeconds(row.lastUsedAt) : null,
  };
}

export function presentAdminAccessToken(row: AccessTokenRow & { username: string }): AdminAccessToken {
  return { ...presentAccessToken(row), user_id: row.userId, username: row.username };
}
