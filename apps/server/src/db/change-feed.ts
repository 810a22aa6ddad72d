import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type ChangeFeed, type ChangeListener, isWatched, type WatchedTable } from '../lib/change-cache.ts';
import type { Logger } from '../lib/logger.ts';

/** The channel the database announces changes on (migration 0011: a trigger per watched table, at commit). */
export const CHANGES_CHANNEL = 'waymark_changes';

function createListeners() {
  const listeners: ChangeListener[] = [];
  return {
    add: (listener: ChangeListener) => void listeners.push(listener),
    emit: (table: WatchedTable | null) => {
      for (const listener of listeners) listener(table);
    },
  };
}

/**
 * The embedded database: one process holds it (the data-folder lock), and its announcements (`changed`, fed by
 * PGlite's LISTEN) arrive as each statement ends. Live while `isLive` says it hears them.
 */
export function createLocalChangeFeed(isLive: () => boolean = () => true): ChangeFeed {
  const listeners = createListeners();
  return {
    isLive,
    onChange: listeners.add,
    changed: (table) => {
      if (isWatched(table)) listeners.emit(table);
    },
    close: async () => {},
  };
}

/** Waits before listening again after the connection was lost: 0.5 s, doubling up to 10 s. */
const RETRY_MS = { first: 500, max: 10_000 };

/**
 * How often the listener proves it hears: a probe announced through the pool (another connection, as another
 * process would) every `everyMs`, which must arrive within `timeoutMs`.
 */
export const PROBE_TIMING = { everyMs: 10_000, timeoutMs: 5_000 };

/** Announces `payload` on `CHANGES_CHANNEL` through a connection other than the listener's. */
export type Probe = (payload: string) => Promise<unknown>;

/**
 * PostgreSQL: listens on `CHANGES_CHANNEL` on a connection of its own, so committed changes of every process (other
 * servers, the CLI, an operator's SQL) reach this one. Live only while it demonstrably hears: from the moment its
 * first probe arrives until the connection fails or a probe does not arrive in time (a silently broken connection,
 * or a pooler in transaction mode that lets LISTEN succeed and hear nothing). Listeners hear `null` (forget
 * everything) whenever it stops and whenever it starts being live (changes meanwhile went unheard); a lost
 * connection is opened again, 0.5 s later at first, then waiting longer up to 10 s.
 */
export function listenForChanges(
  url: string,
  log: Logger,
  probe: Probe,
  timing: typeof PROBE_TIMING = PROBE_TIMING,
): ChangeFeed {
  const listeners = createListeners();
  const instance = randomUUID();
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  let awaited: string | undefined;
  let probes = 0;

  const stopHearing = (reason: unknown) => {
    if (!live) return;
    live = false;
    listeners.emit(null);
    log.warn({ err: reason }, 'database change notifications lost; caches off until they are back');
  };

  const stopProbing = () => {
    clearInterval(probeTimer);
    clearTimeout(deadline);
    awaited = undefined;
  };

  const sendProbe = () => {
    if (closed || client === undefined || awaited !== undefined) return;
    probes += 1;
    const payload = `probe:${instance}:${probes}`;
    awaited = payload;
    void probe(payload).catch(() => undefined);
    const listening = client;
    deadline = setTimeout(() => {
      if (awaited !== payload) return;
      // A connection that stopped hearing without failing (half-open, a pooler in transaction mode): a new one.
      lost(listening, new Error(`no probe within ${timing.timeoutMs} ms`));
    }, timing.timeoutMs);
    deadline.unref();
  };

  const lost = (failed: pg.Client, reason: unknown) => {
    if (client !== failed) return;
    stopProbing();
    failed.removeAllListeners();
    failed.on('error', () => undefined);
    void failed.end().catch(() => undefined);
    client = undefined;
    stopHearing(reason);
    if (closed) return;
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  const connect = () => {
    if (closed) return;
    // TCP keep-alive: a connection whose peer is gone fails instead of waiting forever.
    const current = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current, new Error('connection ended')));
    current.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      if (message.payload === awaited) {
        awaited = undefined;
        clearTimeout(deadline);
        if (!live) {
          // Whatever changed before it heard went unheard.
          listeners.emit(null);
          live = true;
          retryMs = RETRY_MS.first;
        }
      } else if (isWatched(message.payload)) {
        listeners.emit(message.payload);
      }
    });
    current
      .connect()
      .then(() => current.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== current) return;
        sendProbe();
        probeTimer = setInterval(sendProbe, timing.everyMs);
        probeTimer.unref();
      })
      .catch((error: unknown) => lost(current, error));
  };
  connect();

  return {
    isLive: () => live,
    onChange: listeners.add,
    changed: (table) => {
      if (isWatched(table)) listeners.emit(table);
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      stopProbing();
      const current = client;
      live = false;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
