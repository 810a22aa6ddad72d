import { z } from 'zod';
import { adminCreateUserRequestSchema, adminCreateWorkspaceRequestSchema } from './admin.ts';
import { cloneProjectRequestSchema, createProjectRequestSchema, projectNameError } from './project.ts';
import { renameProjectRequestSchema } from './projects-v2.ts';
import { loginRequestSchema, resetPasswordWithTokenSchema } from './user.ts';
import { resetPasswordRequestSchema } from './web-auth.ts';

/*
 * The web app's forms, each derived from the body schema it sends, with the stricter rules of SPEC §5
 * (values trimmed, fields required). A form's submit button is enabled while its values pass, so these
 * messages only show if a form is submitted some other way; the server's messages are the ones users see.
 */

const REQUIRED = 'This field is required.';
const filledText = () => z.string().trim().min(1, REQUIRED);

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

/** Create user (admin panel): how the new user gets a password — typed now, or chosen from an invitation mail. */
export const ADMIN_CREATE_USER_MODES = ['password', 'invite'] as const;
export type AdminCreateUserMode = (typeof ADMIN_CREATE_USER_MODES)[number];

const adminCreateUserShape = adminCreateUserRequestSchema.shape;

/**
 * Create user: the e-mail trimmed and required, the username optional (the server makes one from the e-mail);
 * with a password, it and its confirmation are required. The server judges the password rule and the
 * uniqueness of both names, and its messages show under the fields.
 */
export const adminCreateUserFormSchema = z
  .object({
    username: adminCreateUserShape.username.unwrap(),
    email: adminCreateUserShape.email.min(1, REQUIRED),
    mode: z.enum(ADMIN_CREATE_USER_MODES),
    password: adminCreateUserShape.password.unwrap(),
    confirm: adminCreateUserShape.confirm.unwrap(),
  })
  .superRefine((values, context) => {
    if (values.mode !== 'password') return;
    for (const field of ['password', 'confirm'] as const) {
      if (values[field] === '') context.addIssue({ code: 'custom', path: [field], message: REQUIRED });
    }
  });
export type AdminCreateUserFormValues = z.input<typeof adminCreateUserFormSchema>;
export type AdminCreateUserFormOutput = z.output<typeof adminCreateUserFormSchema>;

/** Units a storage quota is typed in on the admin panel (binary: 1 GB = 1024³ bytes, as sizes are shown). */
export const STORAGE_QUOTA_UNITS = ['MB', 'GB', 'TB'] as const;
export type StorageQuotaUnit = (typeof STORAGE_QUOTA_UNITS)[number];

/** A quota typed as a number (a text of digits, `.` or `,` before decimals) and a unit; the server takes it in bytes and judges the bounds. */
const storageQuotaFields = {
  quota: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d+(?:[.,]\d+)?$/, 'Enter a number, e.g. 5 or 1.5.'),
  unit: z.enum(STORAGE_QUOTA_UNITS),
};

/** Change quota (admin panel). */
export const adminQuotaFormSchema = z.object(storageQuotaFields);
export type AdminQuotaFormValues = z.output<typeof adminQuotaFormSchema>;

/** Create workspace (admin panel): the workspace name rules of the contract and a quota. */
export const adminCreateWorkspaceFormSchema = z.object({
  name: adminCreateWorkspaceRequestSchema.shape.name,
  ...storageQuotaFields,
});
export type AdminCreateWorkspaceFormValues = z.output<typeof adminCreateWorkspaceFormSchema>;
