/** A query Drizzle can build once: a select with `sql.placeholder`s for its values. */
type Preparable<P> = { prepare(name: string): P };

/**
 * A query built once, on first use, and then run with new values (`execute({...})`): building a query's SQL in
 * Drizzle costs more than a simple statement takes in the database (~0.15 ms for a lookup by id, ~1 ms for the
 * project list), which matters for the lookups every request makes. The statement gets no name of its own: the
 * PostgreSQL pool names it by its text, so each connection parses and plans it once (`nameStatements` in
 * db/database.ts). Placeholder values reach the driver as they are given (no column mapping): pass what the
 * driver takes (numbers, strings, booleans, Dates).
 */
export function reusable<P>(build: () => Preparable<P>): () => P {
  let prepared: P | undefined;
  return () => (prepared ??= build().prepare(''));
}
