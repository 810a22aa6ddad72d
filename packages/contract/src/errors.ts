import { z } from 'zod';

/** Every error answer: `detail` always, `code` and extra fields where the reference has them. */
export const errorResponseSchema = z.looseObject({
  detail: z.unknown(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
