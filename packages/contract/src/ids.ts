import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` column. */
export const MAX_DB_INT = 2_147_483_647;

/** A numeric row id from a path or body; ids beyond the column range cannot exist, so they fail validation. */
export const dbIdSchema = z.coerce.number().int().positive().max(MAX_DB_INT, 'Number too large');

/** The empty JSON object that write calls without a result answer. */
export const emptyResponseSchema = z.object({});

/** The answer of calls that reply 204 No Content: no body at all. */
export const noContentResponseSchema = z.undefined();

/** A streamed file (a zip download): bytes, not JSON, so there is nothing to validate on the way out. */
export const fileStreamResponseSchema = z.unknown().describe('The file bytes (application/zip)');
