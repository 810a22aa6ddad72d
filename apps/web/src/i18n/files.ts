import { addNamespace } from './i18n.ts';

/** The 'files' texts of every language (see i18n.ts). */
export const tFiles = addNamespace('files', import.meta.glob('./*/files.ts', { eager: true }));
