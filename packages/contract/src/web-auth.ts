import { z } from 'zod';

/** Body of POST /app/auth/reset-password (SPEC §7): asks for a password reset link by email. */
export const resetPasswordRequestSchema = z.object({
  email: z.string().trim().min(1, 'This field is required.'),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
