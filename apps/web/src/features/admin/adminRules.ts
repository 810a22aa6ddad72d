import type { AdminCreateUserRequest, AdminUser } from '@waymark/contract';
import type { AdminCreateUserFormOutput, StorageQuotaUnit } from './adminFormSchemas.ts';
import axios from 'axios';
import { readErrorDetail } from '../../lib/api/apiErrors.ts';
import type { ServerFormError } from '../../lib/forms/serverFormErrors.ts';

type QuotaUnit = StorageQuotaUnit;

/** Bytes of each unit a storage quota is typed in (binary steps, as the app shows sizes). */
export const QUOTA_UNITS: readonly { unit: QuotaUnit; bytes: number }[] = [
  { unit: 'MB', bytes: 1024 ** 2 },
  { unit: 'GB', bytes: 1024 ** 3 },
  { unit: 'TB', bytes: 1024 ** 4 },
];

function bytesPerUnit(unit: QuotaUnit): number {
  return QUOTA_UNITS.find((entry) => entry.unit === unit)?.bytes ?? 1;
}

/** A typed quota (e.g. '5' or '1,5' GB, as the form's schema lets through) in whole bytes, as the server takes it. */
export function quotaToBytes(value: string, unit: QuotaUnit): number {
  return Math.round(Number(value.trim().replace(',', '.')) * bytesPerUnit(unit));
}

/**
 * A quota in bytes as the largest unit that shows it with at most two decimals (5 GB, 1.5 TB, 300 MB), so
 * editing a quota starts from the figure it was set with.
 */
export function quotaFromBytes(bytes: number): { value: number; unit: QuotaUnit } {
  for (const entry of [...QUOTA_UNITS].reverse()) {
    const value = bytes / entry.bytes;
    if (value >= 1 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6) {
      return { value: Math.round(value * 100) / 100, unit: entry.unit };
    }
  }
  return { value: Math.round((bytes / 1024 ** 2) * 100) / 100, unit: 'MB' };
}

/** How full a workspace is, 0–100 for the bar; a workspace with no quota is full as soon as it holds a byte. */
export function storagePercent(diskUsage: number, storage: number): number {
  if (!(diskUsage > 0)) return 0;
  if (!(storage > 0)) return 100;
  return Math.min(100, (diskUsage / storage) * 100);
}

/** The bar turns amber above this share of the quota, red at the quota. */
export const STORAGE_BAR_WARN_PERCENT = 90;

export function storageTone(percent: number): 'ok' | 'warn' | 'full' {
  if (percent >= 100) return 'full';
  return percent > STORAGE_BAR_WARN_PERCENT ? 'warn' : 'ok';
}

/** The last page of a list of `count` rows (at least 1). */
export function lastPageOf(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** What the admin may do with a user's account from its row; some changes are refused for one's own. */
export interface UserActionState {
  canToggleSuperuser: boolean;
  canToggleActive: boolean;
  canSendReset: boolean;
  canDelete: boolean;
}

/**
 * The server refuses to unmake, deactivate or delete oneself (and mails no reset to a deactivated account):
 * the row offers those actions disabled rather than letting them fail.
 */
export function userActionState(
  user: Pick<AdminUser, 'id' | 'active'>,
  ownId: number | undefined,
): UserActionState {
  const isSelf = user.id === ownId;
  return {
    canToggleSuperuser: !isSelf,
    canToggleActive: !isSelf,
    canSendReset: user.active,
    canDelete: !isSelf,
  };
}

/** The body sent for the form's values: no password at all when the user is invited. */
export function createUserRequestOf(values: AdminCreateUserFormOutput): AdminCreateUserRequest {
  const username = values.username === '' ? {} : { username: values.username };
  if (values.mode === 'invite') return { ...username, email: values.email };
  return { ...username, email: values.email, password: values.password, confirm: values.confirm };
}

/** A refused workspace form: messages under the name or the quota, else one for the whole form. */
export function resolveWorkspaceFormError(error: unknown, fallback: string): ServerFormError {
  const body: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  const detail = readErrorDetail(error);
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const fields: Partial<Record<'name' | 'quota', string>> = {};
    const record = body as Record<string, unknown>;
    const name = firstText(record.name);
    const storage = firstText(record.storage);
    if (name) fields.name = name;
    if (storage) fields.quota = storage;
    if (name || storage) return { kind: 'fields', fields };
  }
  if (!detail) return { kind: 'message', message: fallback };
  // Validation answers name their field at the end: 'Storage cannot be negative.(storage)'.
  const suffix = /\((name|storage)\)$/.exec(detail);
  const text = suffix ? detail.slice(0, suffix.index) : detail;
  const isAboutStorage = suffix ? suffix[1] === 'storage' : /storage/i.test(detail);
  return { kind: 'fields', fields: isAboutStorage ? { quota: text } : { name: text } };
}

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string');
  return undefined;
}
