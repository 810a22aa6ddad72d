import { z } from 'zod';

/** Project version names are `v` and the number (`v0` is the empty project). */
export const VERSION_NAME_PATTERN = /^v(\d{1,9})$/;

/** A version name (`v3`) → its number (3). */
export const versionNameSchema = z
  .string()
  .regex(VERSION_NAME_PATTERN, 'Invalid version')
  .transform((name) => Number(name.slice(1)));

/** The name of version `number`, as every answer spells it. */
export const versionName = (number: number): string => `v${number}`;
