import { addNamespace } from './i18n.ts';

/** The 'account' texts of every language (see i18n.ts). */
export const tAccount = addNamespace('account', import.meta.glob('./*/account.ts', { eager: true }));
