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
 * The embedded database: one process holds it (the data-folder lock), so every change is made through this
 * process and seen as it is made; the database's own announcements (`announced`, from PGlite's LISTEN, delivered as
 * each statement ends) add the writes made below the repositories (an operator's or a test's SQL).
 */
export function createLocalChangeFeed(): ChangeFeed {
  const listeners = createListeners();
  return {
    isLive: () => true,
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
 * PostgreSQL: listens on `CHANGES_CHANNEL` on a connection of its own, so committed changes of every process (other
 * servers, the CLI, an operator's SQL) reach this one. Live from the moment LISTEN is in place until the connection
 * fails; then listeners hear `null` (forget everything) and the feed retries until it listens again, when they hear
 * `null` once more (changes while it was down went unheard).
 */
export function listenForChanges(url: string, log: Logger): ChangeFeed {
  const listeners = createListeners();
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;

  const lost = (failed: pg.Client, reason: unknown) => {
    if (client !== failed) return;
    const wasLive = live;
    live = false;
    failed.removeAllListeners();
    failed.on('error', () => undefined);
    void failed.end().catch(() => undefined);
    client = undefined;
    listeners.emit(null);
    if (closed) return;
    if (wasLive)
      log.warn({ err: reason }, 'database change notifications lost; caches off until they are back');
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  const connect = () => {
    if (closed) return;
    const current = new pg.Client({ connectionString: url });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current, new Error('connection ended')));
    current.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload && isWatched(message.payload)) {
        listeners.emit(message.payload);
      }
    });
    current
      .connect()
      .then(() => current.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== current) return;
        // Whatever changed before LISTEN took effect went unheard.
        listeners.emit(null);
        live = true;
        retryMs = RETRY_MS.first;
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
