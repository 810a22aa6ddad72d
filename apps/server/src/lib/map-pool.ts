/**
 * Runs `work` over the items with at most `concurrency` at a time; results keep the items' order. After a
 * failure no new item starts, and the first error is thrown once the running ones end.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(concurrency, items.length) }, worker),
  );
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return results;
}
