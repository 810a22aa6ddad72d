import type { Workspace } from '@waymark/contract';
import { LAST_WORKSPACES_STORAGE_KEY } from '@waymark/contract';
import { readStoredJson, writeStoredJson } from '../../lib/storage.ts';

/** One remembered visit of a workspace by a user (SPEC §3 "Last-seen workspace record"). */
export interface LastWorkspaceRecord {
  id: number;
  userId: number;
  lastSeen: number;
}

export type WorkspaceChoiceSource = 'last-seen' | 'preferred' | 'first';

export interface WorkspaceChoice {
  workspaceId: number;
  source: WorkspaceChoiceSource;
}

interface ChooseWorkspaceInput {
  userId: number;
  preferredWorkspaceId: number | null | undefined;
  workspaces: Pick<Workspace, 'id'>[];
  records: LastWorkspaceRecord[];
}

function isRecord(value: unknown): value is LastWorkspaceRecord {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'number' && typeof item.userId === 'number' && typeof item.lastSeen === 'number';
}

export function readLastWorkspaces(): LastWorkspaceRecord[] {
  const stored = readStoredJson(LAST_WORKSPACES_STORAGE_KEY);
  return Array.isArray(stored) ? stored.filter(isRecord) : [];
}

export function writeLastWorkspaces(records: LastWorkspaceRecord[]): void {
  writeStoredJson(LAST_WORKSPACES_STORAGE_KEY, records);
}

/** The user's most recently seen workspace id, whether or not the user still belongs to it. */
export function findLastSeenWorkspaceId(records: LastWorkspaceRecord[], userId: number): number | undefined {
  let latest: LastWorkspaceRecord | undefined;
  for (const record of records) {
    if (record.userId === userId && (!latest || record.lastSeen > latest.lastSeen)) latest = record;
  }
  return latest?.id;
}

/**
 * SPEC §4: the last-seen workspace if the user still has it, else the preferred workspace, else the
 * first one; `undefined` when the user has no workspace at all.
 */
export function chooseWorkspace(input: ChooseWorkspaceInput): WorkspaceChoice | undefined {
  const ids = new Set(input.workspaces.map((workspace) => workspace.id));
  const lastSeenId = findLastSeenWorkspaceId(input.records, input.userId);
  if (lastSeenId !== undefined && ids.has(lastSeenId))
    return { workspaceId: lastSeenId, source: 'last-seen' };
  const preferredId = input.preferredWorkspaceId;
  if (preferredId != null && ids.has(preferredId)) return { workspaceId: preferredId, source: 'preferred' };
  const first = input.workspaces[0];
  return first ? { workspaceId: first.id, source: 'first' } : undefined;
}

/**
 * Drops this user's records of workspaces the user no longer belongs to — all of them when the user
 * has none. Other users' records on a shared browser stay untouched.
 */
export function cleanupLastWorkspaces(
  records: LastWorkspaceRecord[],
  userId: number,
  workspaces: Pick<Workspace, 'id'>[],
): LastWorkspaceRecord[] {
  const ids = new Set(workspaces.map((workspace) => workspace.id));
  return records.filter((record) => record.userId !== userId || ids.has(record.id));
}

/** Records that the user has just seen the workspace, replacing an older record of the same pair. */
export function touchLastWorkspace(
  records: LastWorkspaceRecord[],
  workspaceId: number,
  userId: number,
  now: number,
): LastWorkspaceRecord[] {
  const others = records.filter((record) => record.id !== workspaceId || record.userId !== userId);
  return [...others, { id: workspaceId, userId, lastSeen: now }];
}
