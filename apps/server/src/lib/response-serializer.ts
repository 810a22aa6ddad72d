import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The JSON Schema subset fast-json-stringify is given (built here from a zod schema, not by zod's converter). */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema;
};

/** What a zod schema's definition looks like to this module (zod 4's `_zod.def`). */
type ZodDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: z.ZodType[];
};

const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The one JSON type of primitive values (strings, numbers or booleans), if they share one. */
function primitiveTypeOf(values: unknown[]): string | undefined {
  const types = new Set(values.map((value) => typeof value));
  const [type] = types;
  return types.size === 1 && (type === 'string' || type === 'number' || type === 'boolean')
    ? type
    : undefined;
}

/**
 * fast-json-stringify's schema for a zod schema whose parse gives back its input unchanged but for the keys it
 * strips (objects, arrays, records, primitives, enums, literals, optional and nullable ones, unknown values), or
 * undefined for anything else: defaults, transforms, pipes, catches, unions of objects, dates, lazy or loose
 * objects, objects with an optional key before a required one (fast-json-stringify writes required keys first).
 * For such a schema, fast-json-stringify writes what `JSON.stringify(schema.parse(value))` writes for any
 * value the schema accepts: the same keys in the same (the schema's) order.
 */
export function serializableSchemaOf(schema: z.ZodType): JsonSchema | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { type: def.type };
    case 'enum': {
      const type = primitiveTypeOf(Object.values(def.entries ?? {}));
      return type ? { type } : undefined;
    }
    case 'literal': {
      const type = primitiveTypeOf(def.values ?? []);
      return type ? { type } : undefined;
    }
    case 'unknown':
    case 'any':
      return {};
    case 'nullable': {
      const inner = def.innerType && serializableSchemaOf(def.innerType);
      if (!inner) return undefined;
      if (typeof inner.type !== 'string') return inner.type === undefined ? inner : undefined;
      return { ...inner, type: [inner.type, 'null'] };
    }
    case 'union': {
      // Unions of primitives only (the value's own type picks the branch; objects would need validation to).
      const types = (def.options ?? []).map((option) => serializableSchemaOf(option)?.type);
      const flat = types.flatMap((type) => (type === undefined ? [undefined] : [type].flat()));
      if (flat.some((type) => type === undefined || type === 'object' || type === 'array')) return undefined;
      return { type: [...new Set(flat as string[])] };
    }
    case 'array': {
      const items = def.element && serializableSchemaOf(def.element);
      return items ? { type: 'array', items } : undefined;
    }
    case 'record': {
      const keys = def.keyType && defOf(def.keyType).type;
      const values = def.valueType && serializableSchemaOf(def.valueType);
      return (keys === 'string' || keys === 'enum') && values
        ? { type: 'object', properties: {}, additionalProperties: values }
        : undefined;
    }
    case 'object': {
      // A loose object (`catchall` unknown) keeps keys the schema does not name; a strict one (`never`) refuses them.
      if (def.catchall && defOf(def.catchall).type !== 'never') return undefined;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        const valueDef = defOf(value);
        const optional = valueDef.type === 'optional';
        const property = serializableSchemaOf(optional && valueDef.innerType ? valueDef.innerType : value);
        if (!property) return undefined;
        properties[key] = property;
        // Unknown values may be undefined, and then are left out as JSON.stringify leaves them out.
        if (!optional && property.type !== undefined) {
          // fast-json-stringify writes the required keys first: only the schema's order if they come first.
          if (required.length < Object.keys(properties).length - 1) return undefined;
          required.push(key);
        }
      }
      return { type: 'object', properties, required };
    }
    default:
      return undefined;
  }
}

/** zod's own serializer (fastify-type-provider-zod): checks the answer against its schema, then JSON.stringify. */
const zodSerializerCompiler = createSerializerCompiler({});

/** fast-json-stringify's serializer of each schema it can describe (undefined: none), built when first used. */
const fastSerializers = new WeakMap<object, ((data: unknown) => string) | undefined>();

function fastSerializerOf(schema: object): ((data: unknown) => string) | undefined {
  if (!fastSerializers.has(schema)) {
    const described = '_zod' in schema ? serializableSchemaOf(schema as z.ZodType) : undefined;
    let serialize: ((data: unknown) => string) | undefined;
    fastSerializers.set(
      schema,
      described && (described.type === 'object' || described.type === 'array')
        ? (data) =>
            (serialize ??= fastJson(described as Parameters<typeof fastJson>[0]) as (
              data: unknown,
            ) => string)(data)
        : undefined,
    );
  }
  return fastSerializers.get(schema);
}

/**
 * Fastify's serializer of answers by their zod schemas (the route table's `responses`): fast-json-stringify for
 * objects and arrays `serializableSchemaOf` can describe, zod's check and JSON.stringify for the others. The zod
 * check of a project list answer took as long again as writing it (bench/api/README.md, sixth pass); an answer
 * of those schemas is the presenters' typed output, which the check can only strip keys from, as the schema does.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  fastSerializerOf(route.schema) ??
  zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
