import { type PGlite, types } from '@electric-sql/pglite';

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
 * parsers (the client's own now answer the same, `readDrizzleTypesAsText`). Everything else is the client's.
 */
export function withoutQueryParsers<T extends { query: Query }>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        const query: Query = (text, params, options) =>
          target.query(text, params, options && { ...options, parsers: undefined });
        return query;
      }
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'transaction' && typeof value === 'function') {
        const transaction = (value as Transaction).bind(target);
        const wrapped: Transaction = (callback) => transaction((tx) => callback(withoutQueryParsers(tx)));
        return wrapped;
      }
      // PGlite's methods use private fields: they run on the client itself, not on this proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
