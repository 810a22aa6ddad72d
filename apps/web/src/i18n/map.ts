import { addNamespace } from './i18n.ts';

/** The 'map' texts of every language (see i18n.ts). */
export const tMap = addNamespace('map', import.meta.glob('./*/map.ts', { eager: true }));
