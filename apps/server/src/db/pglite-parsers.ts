import { type PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import type { PreparedStatements } from './pglite-statements.ts';

type Parsers = PGlite['parsers'];
type Query = PGlite['query'];
type Transaction = PGlite['transaction'];

/**
 * The types Drizzle reads as text and maps itself (dates, times, intervals, and numeric[] and the arrays of
 * those): its PGlite driver sends, with every query, parsers that answer these as they come. PGlite then copies its
 * whole table of parsers for that query (every type and array type it knows: ~8% of the main thread's CPU in a
 * push of small files). The client reads them as text itself instead, and Drizzle's queries go without parsers.
 */
const DRIZZLE_TEXT_TYPES = [
  types.DATE,
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

/**
 * Makes the client read Drizzle's text types as text (again after `refreshArrayTypes`, which sets the array types'
 * parsers anew); answers the parsers PGlite had for them, for the queries that want PGlite's own answers (pg-boss's
 * dates as `Date`s).
 */
export function readDrizzleTypesAsText(client: PGlite): Parsers {
  const own: Parsers = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    const parser = client.parsers[oid];
    if (parser !== asText) {
      if (parser) own[oid] = parser;
      client.parsers[oid] = asText;
    }
  }
  return own;
}

/**
 * The client as Drizzle is given it: its queries, and those of its transactions, without Drizzle's per-query
 * parsers (the client's own now answer the same, `readDrizzleTypesAsText`), and those with values run as prepared
 * statements (`statements`). Everything else is the client's.
 */
export function drizzleClient(client: PGlite, statements: PreparedStatements): PGlite {
  const wrap = <T extends { query: Query }>(target: T, inTransaction: boolean): T =>
    new Proxy(target, {
      get(inner, property) {
        if (property === 'query') {
          const query = async (text: string, params?: unknown[], options?: QueryOptions) => {
            if (params && params.length > 0 && !options?.blob) {
              const run = () => statements.run(text, params, options?.rowMode === 'array', inTransaction);
              // The locks PGlite's `query` takes: a statement outside a transaction waits for it to end.
              const answer = await (inTransaction
                ? client._runExclusiveQuery(run)
                : client._runExclusiveTransaction(() => client._runExclusiveQuery(run)));
              if (answer) return answer;
            }
            return inner.query(text, params, options && { ...options, parsers: undefined });
          };
          return query;
        }
        const value: unknown = Reflect.get(inner, property, inner);
        if (property === 'transaction' && typeof value === 'function') {
          const transaction = (value as Transaction).bind(inner);
          const wrapped: Transaction = (callback) => transaction((tx) => callback(wrap(tx, true)));
          return wrapped;
        }
        // PGlite's methods use private fields: they run on the client itself, not on this proxy.
        return typeof value === 'function' ? value.bind(inner) : value;
      },
    });
  return wrap(client, false);
}
