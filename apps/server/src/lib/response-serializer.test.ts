import { projectListResponseSchema } from '@waymark/contract';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializableSchemaOf } from './response-serializer.ts';

/** What fast-json-stringify writes for `value` with the schema described from `schema`. */
function fastWrite(schema: z.ZodType, value: unknown): string {
  const described = serializableSchemaOf(schema);
  if (!described) throw new Error('not described');
  return fastJson(described as Parameters<typeof fastJson>[0])(value);
}

/** What zod's serializer writes: the parsed value, through JSON.stringify. */
const zodWrite = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.parse(value));

describe('responses written by fast-json-stringify', () => {
  const mixed = z.object({
    nullableObject: z.object({ n: z.number() }).nullable(),
    nullableList: z.array(z.string()).nullable(),
    either: z.union([z.string(), z.number()]),
    byKey: z.record(z.string(), z.boolean()),
    choice: z.enum(['x', 'y']).nullable(),
    constant: z.literal('k'),
    whole: z.number().int(),
    anything: z.unknown(),
    maybe: z.string().optional(),
  });

  it.each([
    {
      nullableObject: null,
      nullableList: null,
      either: 1,
      byKey: {},
      choice: null,
      constant: 'k',
      whole: 3,
      anything: null,
    },
    {
      nullableObject: { n: 1.5, extra: 'stripped' },
      nullableList: ['quote " backslash \\ newline \n separator \u2028 lone \ud800 emoji 🗺️'],
      either: 'text',
      byKey: { a: true, b: false },
      choice: 'x',
      constant: 'k',
      whole: -0,
      anything: { nested: [1, 'two', null] },
      maybe: 'here',
      extra: 'stripped',
    },
  ])('writes what zod writes, keys in the schema order: %#', (value) => {
    expect(fastWrite(mixed, value)).toBe(zodWrite(mixed, value));
  });

  it('writes a project list page as zod does', () => {
    const item = (n: number) => ({
      id: `0b6c2f9e-1d5a-4f3e-9a7b-${String(n).padStart(12, '0')}`,
      name: `forest-${n}`,
      namespace: 'ws-01',
      workspace_id: 2,
      access: {
        owners: [5],
        writers: [5],
        editors: [5],
        readers: [5, 1],
        public: n % 2 === 0,
        ownersnames: ['owner-001'],
        writersnames: ['owner-001'],
        editorsnames: ['owner-001'],
        readersnames: ['owner-001', 'bench'],
      },
      permissions: { upload: true, update: false, delete: false },
      role: n % 3 === 0 ? null : 'reader',
      version: 'v1',
      updated: '2026-11-27T10:00:00.123000Z',
      created: '2026-11-20T10:00:00Z',
      creator: n % 4 === 0 ? null : 5,
      disk_usage: 3072.5,
      tags: n % 2 ? ['valid_qgis', 'input_use'] : [],
      has_conflict: false,
    });
    const page = { projects: Array.from({ length: 7 }, (_, n) => item(n)), count: 551 };
    expect(fastWrite(projectListResponseSchema, page)).toBe(zodWrite(projectListResponseSchema, page));
  });

  it.each([
    ['a default', z.object({ a: z.string().default('x') })],
    ['a transform', z.object({ a: z.string().transform((s) => s.length) })],
    [
      'a union of objects',
      z.object({ a: z.union([z.object({ b: z.string() }), z.object({ c: z.string() })]) }),
    ],
    ['a loose object', z.looseObject({ a: z.string() })],
    ['a date', z.object({ a: z.date() })],
    ['an optional key before a required one', z.object({ a: z.string().optional(), b: z.string() })],
  ])('leaves schemas with %s to zod', (_, schema) => {
    expect(serializableSchemaOf(schema)).toBeUndefined();
  });
});
