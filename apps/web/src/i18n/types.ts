import type account from './en-GB/account.ts';
import type admin from './en-GB/admin.ts';
import type common from './en-GB/common.ts';
import type files from './en-GB/files.ts';
import type map from './en-GB/map.ts';
import type project from './en-GB/project.ts';
import type projects from './en-GB/projects.ts';
import type security from './en-GB/security.ts';
import type webhooks from './en-GB/webhooks.ts';

/** The English catalogue is the reference: every key and `{{value}}` of a `t` call is checked against it. */
export type Resources = {
  common: typeof common;
  account: typeof account;
  admin: typeof admin;
  projects: typeof projects;
  project: typeof project;
  files: typeof files;
  map: typeof map;
  security: typeof security;
  webhooks: typeof webhooks;
};
export type Namespace = keyof Resources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
    strictKeyChecks: true;
  }
}

/**
 * The shape another language's file of a namespace must have: every key of the English one, as text. It may add
 * plural forms English lacks (`_few`, `_many`: i18next picks them by `Intl.PluralRules`).
 * `export default { … } satisfies Catalogue<typeof import('../en-GB/admin.ts').default>;`
 */
export type Catalogue<English> = {
  [Key in keyof English]: English[Key] extends string ? string : Catalogue<English[Key]>;
} & { [pluralForm: string]: unknown };
