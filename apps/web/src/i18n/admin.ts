import { addNamespace } from './i18n.ts';

/** The 'admin' texts of every language (see i18n.ts). */
export const tAdmin = addNamespace('admin', import.meta.glob('./*/admin.ts', { eager: true }));
