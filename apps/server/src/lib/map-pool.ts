import pLimit from 'p-limit';

/**
 * Runs `work` over the items with at most `concurrency` at a time (p-limit); results keep the items' order. After
 * a failure no new item starts, and the first error is thrown once the running ones end (so a caller's cleanup
 * never races work still in flight).
 */
export async function mapPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const limit = pLimit({ concurrency, rejectOnClear: true });
  let failure: { error: unknown } | undefined;
  const settled = await Promise.allSettled(
    items.map((item, index) =>
      limit(async () => {
        try {
          return await work(item, index);
        } catch (error) {
          failure ??= { error };
          limit.clearQueue();
          throw error;
        }
      }),
    ),
  );
  if (failure) throw failure.error;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<R>).value);
}
