import {
  cloneProjectRequestSchema,
  createProjectRequestSchema,
  ERROR_TEXTS,
  loginRequestSchema,
  projectNameError,
  renameProjectRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordWithTokenSchema,
} from '@waymark/contract';
import { z } from 'zod';

/*
 * The web app's forms, each derived from the body schema it sends, with the stricter rules of SPEC §5
 * (values trimmed, fields required). A form's submit button is enabled while its values pass, so these
 * messages only show if a form is submitted some other way; the server's messages are the ones users see.
 */

/** The server's own text for a missing value (a wire text). */
export const REQUIRED = ERROR_TEXTS.fieldRequired;
export const filledText = () => z.string().trim().min(1, REQUIRED);

/** Sign in: both values trimmed and required (the API body itself keeps the password as sent). */
export const loginFormSchema = loginRequestSchema.extend({ password: filledText() });
export type LoginFormValues = z.input<typeof loginFormSchema>;

/** Reset password: the email trimmed and required; the server checks it is an address. */
export const resetPasswordFormSchema = resetPasswordRequestSchema;
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

/** Change password by token: both filled and sent as typed; the server judges the password. */
export const changePasswordFormSchema = resetPasswordWithTokenSchema.extend({
  password: z.string().min(1, REQUIRED),
  confirm: z.string().min(1, REQUIRED),
});
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** New project: the name trimmed and required. */
export const newProjectFormSchema = createProjectRequestSchema
  .pick({ name: true })
  .extend({ name: filledText() });
export type NewProjectFormValues = z.input<typeof newProjectFormSchema>;

/** Clone project: the copy's name trimmed and required, and a workspace (by name) chosen. */
export const cloneProjectFormSchema = cloneProjectRequestSchema.extend({
  project: filledText(),
  namespace: z.string({ error: REQUIRED }).min(1, REQUIRED),
});
export type CloneProjectFormValues = z.input<typeof cloneProjectFormSchema>;

/** Rename project: the new name trimmed, by the project name rules the server applies (SPEC's name rules). */
export const renameProjectFormSchema = renameProjectRequestSchema.extend({
  name: filledText().superRefine((name, ctx) => {
    const error = projectNameError(name);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
});
export type RenameProjectFormValues = z.input<typeof renameProjectFormSchema>;

/** Edit account: names and address trimmed (SPEC §5); the address is required, the server checks it. */
export const editAccountFormSchema = z.object({
  first_name: z.string().trim(),
  last_name: z.string().trim(),
  email: filledText(),
});
export type EditAccountFormValues = z.input<typeof editAccountFormSchema>;

/** Change password on the profile page: Save is enabled once all three are filled (SPEC §5). */
export const changeOwnPasswordFormSchema = z.object({
  old_password: z.string().min(1, REQUIRED),
  password: z.string().min(1, REQUIRED),
  confirm: z.string().min(1, REQUIRED),
});
export type ChangeOwnPasswordFormValues = z.input<typeof changeOwnPasswordFormSchema>;
