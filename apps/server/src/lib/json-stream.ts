import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A JSON object whose last key is a list too long to hold as one value (a project's files): `head` holds every
 * other key, already in the order the answer has them; the list arrives page by page. Sent as a stream, it is
 * written as `JSON.stringify({ ...head, [key]: [...every page] })` would write it, without ever holding it whole.
 */
export type StreamedJson<Head extends object = object, Item = unknown> = {
  head: Head;
  key: string;
  pages: AsyncIterable<readonly Item[]>;
};

/** Each page of `pages` through `present`, as they are read. */
export async function* mapPages<T, U>(
  pages: AsyncIterable<readonly T[]>,
  present: (page: readonly T[]) => Promise<U[]> | U[],
): AsyncGenerator<U[]> {
  for await (const page of pages) yield await present(page);
}

/** The bytes of a `StreamedJson`, one page at a time as the reader takes them (back-pressure: pages wait). */
export function jsonStream(answer: StreamedJson): Readable {
  const { head, key, pages } = answer;
  if (key in head) throw new Error(`the head of a streamed answer already has "${key}"`);
  const opening = JSON.stringify(head);
  const prefix = `${opening.length > 2 ? `${opening.slice(0, -1)},` : '{'}${JSON.stringify(key)}:[`;
  return Readable.from(
    (async function* () {
      yield prefix;
      let first = true;
      for await (const page of pages) {
        if (page.length === 0) continue;
        const items = page.map((item) => JSON.stringify(item)).join(',');
        yield first ? items : `,${items}`;
        first = false;
      }
      yield ']}';
    })(),
    { objectMode: false },
  );
}

/**
 * Sends a streamed answer with the Content-Type Fastify gives JSON (its serializer is not involved: the head was
 * checked by its presenter, the items are built in the schema's shape).
 */
export function sendJsonStream(reply: FastifyReply, answer: StreamedJson): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(jsonStream(answer));
}

/** The whole answer as one value: for the few callers that need the object (small answers). */
export async function collectJson<T>(answer: StreamedJson): Promise<T> {
  const items: unknown[] = [];
  for await (const page of answer.pages) items.push(...page);
  return { ...answer.head, [answer.key]: items } as T;
}

export const isStreamedJson = (value: unknown): value is StreamedJson =>
  typeof value === 'object' && value !== null && 'pages' in value && 'head' in value;
