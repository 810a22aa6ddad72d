import { addNamespace } from './i18n.ts';

/** The 'webhooks' texts of every language (see i18n.ts). */
export const tWebhooks = addNamespace('webhooks', import.meta.glob('./*/webhooks.ts', { eager: true }));
