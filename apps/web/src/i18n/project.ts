import { addNamespace } from './i18n.ts';

/** The 'project' texts of every language (see i18n.ts). */
export const tProject = addNamespace('project', import.meta.glob('./*/project.ts', { eager: true }));
