import { createHash } from 'node:crypto';
import type pg from 'pg';

/** How many distinct statements each PostgreSQL connection keeps prepared at most (see `nameStatements`). */
export const MAX_NAMED_STATEMENTS = 200;

/**
 * Makes the pool's connections prepare each parameterised statement once and reuse it: a statement gets a name
 * derived from its text (so one name always means one text), and node-postgres then sends PostgreSQL the text
 * only the first time a connection runs it; afterwards only the values. PostgreSQL parses and plans it once per
 * connection instead of once per request (plans are still made for the values until a generic plan is known to
 * be as good: `plan_cache_mode` auto). The planning was most of the time the project list took in the
 * database (bench/api/README.md). At most `MAX_NAMED_STATEMENTS` texts get names, the first ones seen (a few
 * dozen in practice; texts vary only with a query's shape, never with its values), so a connection's memory stays
 * bounded; statements without values (migrations, DDL) stay unnamed.
 */
export function nameStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_NAMED_STATEMENTS) return known;
    const name = `wm_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const [first, values] = args;
        const config: unknown = typeof first === 'string' ? { text: first } : first;
        if (
          Array.isArray(values) &&
          values.length > 0 &&
          typeof config === 'object' &&
          config !== null &&
          'text' in config &&
          typeof config.text === 'string' &&
          !('name' in config && config.name) &&
          !('submit' in config) // a Query object or cursor: handed on as it is
        ) {
          const name = nameOf(config.text);
          if (name !== undefined) return query({ ...config, name }, ...args.slice(1));
        }
        return query(...args);
      },
    });
  });
}
