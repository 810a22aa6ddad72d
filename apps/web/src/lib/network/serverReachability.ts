import { apiRoutes } from '@waymark/contract';
import { create } from 'zustand';

/** Waits between probes of an unreachable server: 1, 2, 4, 8, 16 s, then every 30 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 30_000] as const;

/** The wait before probe number `attempt` (0-based): doubling, capped at the last step. */
export function reconnectDelayMs(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
}

/** The address answered cheaply by any live server; asked with plain fetch, outside the API client's rules. */
const PROBE_PATH: string = apiRoutes.service.ping.path;

interface ReachabilityState {
  /** The last request got no answer at all, and no probe has reached the server since. */
  isUnreachable: boolean;
  /** When the next probe runs (ms since the epoch), while unreachable and not probing. */
  nextProbeAt: number | undefined;
  isProbing: boolean;
}

export const useReachabilityStore = create<ReachabilityState>(() => ({
  isUnreachable: false,
  nextProbeAt: undefined,
  isProbing: false,
}));

type Listener = () => void;
const recoveryListeners = new Set<Listener>();
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let probe: (path: string) => Promise<boolean> = async (path) => {
  try {
    const response = await fetch(path, { cache: 'no-store', credentials: 'same-origin' });
    return response.status < 500;
  } catch {
    return false;
  }
};

function schedule(): void {
  clearTimeout(timer);
  const delay = reconnectDelayMs(attempt);
  attempt += 1;
  useReachabilityStore.setState({ nextProbeAt: Date.now() + delay, isProbing: false });
  timer = setTimeout(() => void probeNow(), delay);
}

/** The server answered (a request or a probe): leaves the unreachable state and tells the listeners once. */
export function reportServerAnswered(): void {
  if (!useReachabilityStore.getState().isUnreachable) return;
  clearTimeout(timer);
  attempt = 0;
  useReachabilityStore.setState({ isUnreachable: false, nextProbeAt: undefined, isProbing: false });
  for (const listener of recoveryListeners) listener();
}

/** A request got no answer: the server (or the network to it) is away. Probes start, with backoff. */
export function reportNetworkFailure(): void {
  if (useReachabilityStore.getState().isUnreachable) return;
  useReachabilityStore.setState({ isUnreachable: true });
  attempt = 0;
  schedule();
}

/** Whether the server answers a probe now (it changes no state). */
export function isServerAnswering(): Promise<boolean> {
  return probe(PROBE_PATH);
}

/** Probes the server now ("Try now", the browser coming back online); schedules the next probe if it fails. */
export async function probeNow(): Promise<void> {
  if (!useReachabilityStore.getState().isUnreachable) return;
  clearTimeout(timer);
  useReachabilityStore.setState({ isProbing: true, nextProbeAt: undefined });
  if (await probe(PROBE_PATH)) reportServerAnswered();
  else schedule();
}

/** Resolves as soon as the server is reachable again (at once when it is not known to be away). */
export function whenReachable(): Promise<void> {
  if (!useReachabilityStore.getState().isUnreachable) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      recoveryListeners.delete(listener);
      resolve();
    };
    recoveryListeners.add(listener);
  });
}

/** Runs `listener` each time the server comes back; returns the unsubscribe function. */
export function onServerRecovered(listener: Listener): () => void {
  recoveryListeners.add(listener);
  return () => {
    recoveryListeners.delete(listener);
  };
}

/** Tests only: a probe that answers as told, and a clean state. */
export function resetReachabilityForTests(nextProbe?: (path: string) => Promise<boolean>): void {
  clearTimeout(timer);
  attempt = 0;
  recoveryListeners.clear();
  if (nextProbe) probe = nextProbe;
  useReachabilityStore.setState({ isUnreachable: false, nextProbeAt: undefined, isProbing: false });
}
