import { adminCreateUserRequestSchema, adminCreateWorkspaceRequestSchema } from '@waymark/contract';
import { z } from 'zod';
import { tAdmin } from '../../i18n/admin.ts';
import { REQUIRED } from '../../lib/forms/formSchemas.ts';

/* The admin panel's forms, each derived from the body schema it sends (see lib/forms/formSchemas.ts). */

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
    .regex(/^\d+(?:[.,]\d+)?$/, tAdmin('workspaces.quotaNotNumber')),
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
