import pLimit from 'p-limit';

/**
 * Runs `run` over the tasks with at most `limit` in flight, in order (p-limit). Settles when all succeeded, or
 * rejects with the first failure at once, starting nothing more (the caller aborts what is in flight).
 */
export async function runLimited<T>(
  tasks: readonly T[],
  limit: number,
  run: (task: T) => Promise<void>,
): Promise<void> {
  if (limit < 1) throw new RangeError('limit must be at least 1');
  const limited = pLimit(limit);
  await limited.map(tasks, async (task) => {
    try {
      await run(task);
    } catch (error) {
      // The tasks not started yet never start; their promises stay pending, unobserved after this rejection.
      limited.clearQueue();
      throw error;
    }
  });
}
