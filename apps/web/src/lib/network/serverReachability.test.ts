import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryingImport } from './retryingImport.ts';
import {
  onServerRecovered,
  reconnectDelayMs,
  reportNetworkFailure,
  reportServerAnswered,
  resetReachabilityForTests,
  useReachabilityStore,
} from './serverReachability.ts';

afterEach(() => {
  vi.useRealTimers();
  resetReachabilityForTests();
});

describe('server reachability', () => {
  it('waits 1, 2, 4, 8, 16 s between probes, then every 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('probes with backoff while the server is away and tells the listeners once when it answers', async () => {
    vi.useFakeTimers();
    let isUp = false;
    const probe = vi.fn(() => Promise.resolve(isUp));
    resetReachabilityForTests(probe);
    const recovered = vi.fn();
    onServerRecovered(recovered);

    reportNetworkFailure();
    reportNetworkFailure();
    expect(useReachabilityStore.getState().isUnreachable).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    isUp = true;
    await vi.advanceTimersByTimeAsync(4000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(useReachabilityStore.getState().isUnreachable).toBe(false);
    expect(recovered).toHaveBeenCalledTimes(1);
    // No more probes once it is back, and an answer while reachable tells nobody.
    reportServerAnswered();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(recovered).toHaveBeenCalledTimes(1);
  });
});

describe('retryingImport', () => {
  it('loads a chunk again when the server comes back, without failing', async () => {
    let isUp = false;
    resetReachabilityForTests(() => Promise.resolve(isUp));
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('page');
    const result = retryingImport(load);
    await vi.waitFor(() => expect(useReachabilityStore.getState().isUnreachable).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    isUp = true;
    reportServerAnswered();
    await expect(result).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails, after one retry, for a chunk the answering server does not have', async () => {
    resetReachabilityForTests(() => Promise.resolve(true));
    const missing = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(missing);
    await expect(retryingImport(load)).rejects.toBe(missing);
    expect(load).toHaveBeenCalledTimes(2);
    expect(useReachabilityStore.getState().isUnreachable).toBe(false);
  });
});
