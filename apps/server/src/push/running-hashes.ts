import { createHash, type Hash } from 'node:crypto';

/** The two digests of a file: SHA-1 (the API's checksum, verified) and SHA-256 (the blob's name). */
export type FileHashes = { sha1: Hash; sha256: Hash };

/** A chunk written into its file: where, and the token of that write (its marker names it). */
export type WrittenChunk = { chunk: number; offset: number; size: number; token: string };

type FileState = FileHashes & {
  /** The next chunk to hash: every chunk before it is in the digests, written by the write `tokens` names. */
  next: number;
  tokens: string[];
  /** Chunks written but not hashed yet (they came out of order), by position in the file. */
  waiting: Map<number, WrittenChunk>;
  /** A chunk being hashed (as it arrives, or read back): no other may be. */
  busy: boolean;
  /** A hash that failed half-way: the digests are worthless. */
  broken: boolean;
  draining: Promise<void>;
};

const MAX_TRANSACTIONS = 256;

/**
 * The SHA-1 and SHA-256 of each placed file of the v1 pushes running in this process, computed while its chunks
 * arrive: a chunk that comes in order is hashed as its bytes are written (one pass over them), one that comes
 * early is written only and hashed once its turn comes, read back from its file (the page cache). At finish the
 * digests are used only for the chunks whose markers still name the writes hashed, and the rest is read back:
 * a chunk written again, or by another process, is hashed from the file as finish finds it. Only a hint, never
 * trusted beyond the markers: nothing here survives a restart, and nothing needs to.
 */
export function createRunningHashes(
  read: (transaction: string, file: number, chunk: WrittenChunk) => AsyncIterable<Buffer>,
) {
  const transactions = new Map<string, Map<number, FileState>>();

  function stateOf(transaction: string, file: number): FileState {
    let files = transactions.get(transaction);
    if (!files) {
      if (transactions.size >= MAX_TRANSACTIONS) transactions.delete(transactions.keys().next().value ?? '');
      files = new Map();
      transactions.set(transaction, files);
    }
    let state = files.get(file);
    if (!state) {
      state = {
        sha1: createHash('sha1'),
        sha256: createHash('sha256'),
        next: 0,
        tokens: [],
        waiting: new Map(),
        busy: false,
        broken: false,
        draining: Promise.resolve(),
      };
      files.set(file, state);
    }
    return state;
  }

  /** Hashes the chunks written early whose turn has come, one after another, read back from their file. */
  function drain(transaction: string, file: number, state: FileState): void {
    if (state.busy || state.broken || !state.waiting.has(state.next)) return;
    state.busy = true;
    state.draining = (async () => {
      try {
        for (let chunk = state.waiting.get(state.next); chunk; chunk = state.waiting.get(state.next)) {
          state.waiting.delete(state.next);
          for await (const piece of read(transaction, file, chunk)) {
            state.sha1.update(piece);
            state.sha256.update(piece);
          }
          state.tokens[state.next] = chunk.token;
          state.next += 1;
        }
      } catch {
        state.broken = true;
      } finally {
        state.busy = false;
      }
    })();
  }

  return {
    /**
     * A chunk about to be written: when it is the next to hash, the function to show its pieces to (then `written`
     * or `failed` must follow); undefined otherwise.
     */
    begin(transaction: string, file: number, chunk: number): ((piece: Buffer) => void) | undefined {
      const state = stateOf(transaction, file);
      if (state.busy || state.broken || state.next !== chunk) return undefined;
      state.busy = true;
      return (piece) => {
        state.sha1.update(piece);
        state.sha256.update(piece);
      };
    },

    /** A chunk written completely; `hashed` when its pieces went to the function `begin` gave. */
    written(transaction: string, file: number, chunk: WrittenChunk, hashed: boolean): void {
      const state = stateOf(transaction, file);
      if (hashed) {
        state.tokens[chunk.chunk] = chunk.token;
        state.next = chunk.chunk + 1;
        state.busy = false;
      } else if (chunk.chunk >= state.next) {
        state.waiting.set(chunk.chunk, chunk);
      }
      drain(transaction, file, state);
    },

    /** A chunk whose write failed after `begin` gave it a function: the digests hold part of it. */
    failed(transaction: string, file: number): void {
      const state = stateOf(transaction, file);
      state.broken = true;
      state.busy = false;
    },

    /**
     * At finish, the file's digests so far and how many chunks they cover, each of them still the write its
     * marker names (`tokens`, by position); fresh digests from the first chunk when there is nothing to trust.
     * The file's state is forgotten.
     */
    async take(transaction: string, file: number, tokens: string[]): Promise<FileHashes & { from: number }> {
      const state = transactions.get(transaction)?.get(file);
      transactions.get(transaction)?.delete(file);
      if (state) await state.draining;
      const fresh = { sha1: createHash('sha1'), sha256: createHash('sha256'), from: 0 };
      if (!state || state.broken || state.busy) return fresh;
      for (let chunk = 0; chunk < state.next; chunk += 1) {
        if (tokens[chunk] === undefined || tokens[chunk] !== state.tokens[chunk]) return fresh;
      }
      return { sha1: state.sha1, sha256: state.sha256, from: state.next };
    },

    /** Forgets a transaction (finished, cancelled or expired). */
    forget(transaction: string): void {
      transactions.delete(transaction);
    },
  };
}

export type RunningHashes = ReturnType<typeof createRunningHashes>;
