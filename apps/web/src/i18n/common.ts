import { addNamespace } from './i18n.ts';

/** The 'common' texts of every language (see i18n.ts). */
export const tCommon = addNamespace('common', import.meta.glob('./*/common.ts', { eager: true }));
