import { type PGlite, protocol, type Results } from '@electric-sql/pglite';
import { MAX_NAMED_STATEMENTS } from './statement-names.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Field = { name: string; dataTypeID: number };
/** A statement the database holds parsed and planned under `name`, and the types of its parameters. */
type Prepared = { name: string; types: number[] };

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** The answer of one statement, as PGlite's own `query` makes it (its `rowMode`, its parsers for each type). */
function resultOf(messages: BackendMessage[], parsers: PGlite['parsers'], arrays: boolean): Results {
  let fields: Field[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  let rowCount: number | undefined;
  const parse = (value: string | null, at: number) => {
    if (value === null) return null;
    const type = fields[at]?.dataTypeID ?? 0;
    const parser = parsers[type];
    return parser ? parser(value, type) : value;
  };
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: Field[] }).fields.map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
      }));
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      rows.push(
        arrays
          ? values.map(parse)
          : Object.fromEntries(values.map((value, at) => [fields[at]?.name, parse(value, at)])),
      );
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      const count = Number.parseInt(words.at(-1) ?? '', 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0] ?? '')) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  return { rows, fields, affectedRows, ...(rowCount === undefined ? {} : { rowCount }) } as Results;
}

/**
 * Runs the statements with values of the embedded database as prepared statements, as the PostgreSQL pool does
 * (`nameStatements`). PGlite's own `query` hands the database Parse, Describe, Bind, Describe, Execute and Sync as
 * six calls, and the database parses and plans the text every time: ~0.4 ms of CPU for a lookup by key, most of
 * a small file's download. Here a text is parsed once under a name (its parameter types learnt then), and then
 * each run is one call: Bind, Describe, Execute, Sync (~0.07 ms). At most `MAX_NAMED_STATEMENTS` texts get names;
 * others, and statements without values, go through PGlite's `query`.
 */
export function createPreparedStatements(client: PGlite) {
  const statements = new Map<string, Prepared>();

  /** Parses `text` under a new name and answers its parameter types; undefined when no name is left. */
  async function prepare(text: string): Promise<Prepared | undefined> {
    const known = statements.get(text);
    if (known || statements.size >= MAX_NAMED_STATEMENTS) return known;
    const name = `wm_${statements.size}`;
    const answer = await client.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const description = answer.find((message) => message.name === 'parameterDescription');
    const types = (description as unknown as { dataTypeIDs?: number[] } | undefined)?.dataTypeIDs ?? [];
    const prepared = { name, types };
    statements.set(text, prepared);
    return prepared;
  }

  /** The value as PGlite's `query` sends it: its serializer for the parameter's type, or its text. */
  const valueOf = (value: unknown, type: number | undefined): string | Uint8Array | null => {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : client.serializers[type];
    if (serializer) return serializer(value) as string;
    if (value instanceof Uint8Array) return value;
    return String(value);
  };

  return {
    /**
     * Runs `text` with `params` (which the caller holds the client's query lock for); undefined when the text got
     * no name, for PGlite's `query` to run it instead.
     */
    async run(
      text: string,
      params: unknown[],
      arrays: boolean,
      inTransaction: boolean,
    ): Promise<Results | undefined> {
      let messages: BackendMessage[];
      try {
        const prepared = await prepare(text);
        if (!prepared) return undefined;
        const values = params.map((value, at) => valueOf(value, prepared.types[at]));
        messages = await client.execProtocolStream(
          concat([
            serialize.bind({ statement: prepared.name, values: values as string[] }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
      } catch (error) {
        // The statement and its values on the error, as PGlite's `query` puts them.
        if (error instanceof Error) Object.assign(error, { query: text, params });
        throw error;
      }
      // As PGlite's `query` does after a statement outside a transaction.
      if (!inTransaction) await client.syncToFs();
      return resultOf(messages, client.parsers, arrays);
    },
  };
}

export type PreparedStatements = ReturnType<typeof createPreparedStatements>;
