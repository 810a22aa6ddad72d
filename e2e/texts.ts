import i18next from 'i18next';
import account from '../apps/web/src/i18n/en-GB/account.ts';
import admin from '../apps/web/src/i18n/en-GB/admin.ts';
import common from '../apps/web/src/i18n/en-GB/common.ts';
import files from '../apps/web/src/i18n/en-GB/files.ts';
import map from '../apps/web/src/i18n/en-GB/map.ts';
import project from '../apps/web/src/i18n/en-GB/project.ts';
import projects from '../apps/web/src/i18n/en-GB/projects.ts';
import webhooks from '../apps/web/src/i18n/en-GB/webhooks.ts';
import security from '../apps/web/src/i18n/en-GB/security.ts';
import { FALLBACK_LANGUAGE } from '../apps/web/src/i18n/language.ts';
import type { Namespace, Resources } from '../apps/web/src/i18n/types.ts';

/** The web app's English texts, read as the app reads them (i18next), for the journeys to look for. */
const resources: Resources = { common, account, admin, projects, project, files, map, webhooks, security };
const i18n = i18next.createInstance();
void i18n.init({
  lng: FALLBACK_LANGUAGE,
  resources: { [FALLBACK_LANGUAGE]: resources },
  initAsync: false,
  interpolation: { escapeValue: false },
});
const fixedT = <N extends Namespace>(namespace: N) => i18n.getFixedT(null, namespace);

export const tCommon = fixedT('common');
export const tAccount = fixedT('account');
export const tAdmin = fixedT('admin');
export const tProjects = fixedT('projects');
export const tProject = fixedT('project');
export const tFiles = fixedT('files');
export const tMap = fixedT('map');
export const tWebhooks = fixedT('webhooks');
export const tSecurity = fixedT('security');
