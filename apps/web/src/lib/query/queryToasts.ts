import type { Mutation, Query } from '@tanstack/react-query';
import { getErrorMessage, isNoAnswerError } from '../api/apiErrors.ts';
import { notify } from '../notifications.ts';
import type { AppMutationMeta } from './queryMeta.ts';

/**
 * The query cache's error hook: a failed query shows its SPEC §8 toast, if it declared one, unless it
 * only failed to refresh data it already has and asked to stay quiet then, or got no answer at all (the
 * 'cannot reach the server' notice covers every such failure at once).
 */
export function toastQueryError(
  error: unknown,
  query: Pick<Query, 'meta'> & { state: Pick<Query['state'], 'data'> },
): void {
  if (isNoAnswerError(error)) return;
  const text = query.meta?.errorMessage;
  if (query.meta?.isQuietOnRefresh && query.state.data !== undefined) return;
  if (text) notify.error(text);
}

async function readMutationError(error: unknown, meta: AppMutationMeta): Promise<string | undefined> {
  if (meta.readErrorMessage) return meta.readErrorMessage(error);
  return meta.errorMessage ? getErrorMessage(error, meta.errorMessage) : undefined;
}

/**
 * The mutation cache's error hook: the server's detail, else the mutation's SPEC §8 text (SPEC §7).
 * Mutations without a text stay silent: their caller handles the failure. Without any answer the
 * 'cannot reach the server' notice speaks instead.
 */
export async function toastMutationError(
  error: unknown,
  mutation: Pick<Mutation<unknown, unknown, unknown, unknown>, 'meta'>,
): Promise<void> {
  if (isNoAnswerError(error)) return;
  const text = mutation.meta ? await readMutationError(error, mutation.meta) : undefined;
  if (text) notify.error(text);
}

/** The mutation cache's success hook. */
export function toastMutationSuccess(
  mutation: Pick<Mutation<unknown, unknown, unknown, unknown>, 'meta'>,
): void {
  const text = mutation.meta?.successMessage;
  if (text) notify.success(text);
}
