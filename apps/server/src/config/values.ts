import { z } from 'zod';

/** The kinds of values the settings' environment variables hold, shared by the areas of config/. */

/** On when true, 1, yes or on; off when unset. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .default('')
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** On unless false, 0, no or off. */
export const booleanFlagOn = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .default('true')
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** A text, trimmed; unset when empty or blank. */
export const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A duration in seconds (fractions allowed), above zero. */
export const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);
