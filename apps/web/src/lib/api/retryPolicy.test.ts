import { describe, expect, it, vi } from 'vitest';
import { withRetry } from './retryPolicy.ts';

describe('withRetry', () => {
  it('tries once more after a failure worth retrying', async () => {
    const attempts: number[] = [];
    const result = await withRetry(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt === 0) throw new Error('network');
        return 'ok';
      },
      { retries: 1, shouldRetry: () => true },
    );
    expect(result).toBe('ok');
    expect(attempts).toEqual([0, 1]);
  });

  it('gives up after the retries, or at once on a failure not worth retrying', async () => {
    let calls = 0;
    await expect(
      withRetry(
        () => {
          calls += 1;
          return Promise.reject(new Error(`failure ${calls}`));
        },
        { retries: 1, shouldRetry: () => true },
      ),
    ).rejects.toThrow('failure 2');
    calls = 0;
    await expect(
      withRetry(
        () => {
          calls += 1;
          return Promise.reject(new Error('refused'));
        },
        { retries: 1, shouldRetry: () => false },
      ),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });

  it('waits the delay before each retry, and not before the first attempt', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const attempt = vi.fn(() => Promise.reject(new Error('server away')));
    await expect(
      withRetry(attempt, { retries: 2, shouldRetry: () => true, delayMs: 60_000, sleep }),
    ).rejects.toThrow('server away');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[60_000], [60_000]]);
  });
});
