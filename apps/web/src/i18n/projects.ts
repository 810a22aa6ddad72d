import { addNamespace } from './i18n.ts';

/** The 'projects' texts of every language (see i18n.ts). */
export const tProjects = addNamespace('projects', import.meta.glob('./*/projects.ts', { eager: true }));
