import { webhookEventSchema } from '@waymark/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Schemas the document names that no route answers: the JSON body every webhook delivery POSTs (OpenAPI 3.0 has
 * no `webhooks` section), as `components.schemas.WebhookEvent`.
 */
export function extraOpenApiComponents() {
  return {
    schemas: {
      WebhookEvent: z.toJSONSchema(webhookEventSchema, { target: 'openapi-3.0', io: 'output' }) as Record<
        string,
        unknown
      >,
    },
  };
}

/** Object keys sorted at every depth (arrays keep their order): the same document always prints the same. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The app's OpenAPI document as committed in docs/openapi.json (`npm run openapi` writes it): stable key order,
 * two-space indent, a final newline. The app must be ready (its routes registered).
 */
export function openApiText(app: FastifyInstance): string {
  return stableJsonText(app.swagger());
}

/** `document` printed as docs/openapi.json is: sorted keys, two-space indent, a final newline. */
export function stableJsonText(document: unknown): string {
  return `${JSON.stringify(sortedKeys(document), null, 2)}\n`;
}
