import { addNamespace } from './i18n.ts';

/** The 'security' texts of every language (see i18n.ts). */
export const tSecurity = addNamespace('security', import.meta.glob('./*/security.ts', { eager: true }));
