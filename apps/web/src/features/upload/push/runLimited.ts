/**
 * Runs `run` over the tasks with at most `limit` in flight, in order. Settles when all succeeded, or
 * rejects with the first failure at once, starting nothing more (the caller aborts what is in flight).
 */
export function runLimited<T>(
  tasks: readonly T[],
  limit: number,
  run: (task: T) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    let hasFailed = false;

    const startMore = () => {
      if (hasFailed) return;
      if (next >= tasks.length && running === 0) {
        resolve();
        return;
      }
      while (running < limit && next < tasks.length) {
        const task = tasks[next++] as T;
        running += 1;
        run(task).then(
          () => {
            running -= 1;
            startMore();
          },
          (error: unknown) => {
            hasFailed = true;
            reject(error);
          },
        );
      }
    };

    if (limit < 1) throw new RangeError('limit must be at least 1');
    startMore();
  });
}

/**
 * Calls `attempt` again, up to `retries` more times, while `shouldRetry` accepts the failure; the attempt
 * number (0 first) is passed in.
 */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  retries: number,
  shouldRetry: (error: unknown) => boolean,
): Promise<T> {
  for (let attemptNumber = 0; ; attemptNumber += 1) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (attemptNumber >= retries || !shouldRetry(error)) throw error;
    }
  }
}
