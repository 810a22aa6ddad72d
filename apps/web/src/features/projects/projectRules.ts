import type { ProjectListItem } from '@waymark/contract';

import { tProjects } from '../../i18n/projects.ts';

/** The server tags a project whose files include a QGIS project file (.qgs / .qgz). */
export const VALID_QGIS_TAG = 'valid_qgis';

export type ProjectWarningKind = 'missing-qgis' | 'conflict';

export interface ProjectWarning {
  kind: ProjectWarningKind;
  text: string;
}

type WarningSource = Pick<ProjectListItem, 'tags' | 'has_conflict'>;

/** SPEC §2 row warnings: no QGIS project file (tag valid_qgis missing) and a conflict copy. */
export function getProjectWarnings(project: WarningSource): ProjectWarning[] {
  const warnings: ProjectWarning[] = [];
  if (!project.tags.includes(VALID_QGIS_TAG)) {
    warnings.push({ kind: 'missing-qgis', text: tProjects('list.missingQgis') });
  }
  if (project.has_conflict) warnings.push({ kind: 'conflict', text: tProjects('list.conflict') });
  return warnings;
}

/**
 * SPEC §2: the Public badge marks public projects, but a list of public projects only would carry it
 * on every row, so there it says nothing and is left out.
 */
export function isPublicBadgeShown(project: Pick<ProjectListItem, 'access'>, isOnlyPublic: boolean): boolean {
  return project.access.public && !isOnlyPublic;
}

interface NamespaceCheck {
  /** The namespace is one of the user's workspaces: it exists whatever the list holds. */
  isOwnWorkspace: boolean;
  search: string;
  count: number | undefined;
}

/**
 * Whether to tell the user the namespace in the address does not exist.
 *
 * The list call answers an unknown namespace with count 0, and the server keeps private projects
 * secret, so an empty answer cannot tell "no such workspace" from "nothing you may see there". The
 * most honest rule we can apply: a workspace of the user always exists; any other namespace counts
 * as found only when it shows at least one project. While a search is active an empty answer says
 * nothing about the namespace, so the search's own empty state is shown instead.
 */
export function isNamespaceMissing({ isOwnWorkspace, search, count }: NamespaceCheck): boolean {
  return !isOwnWorkspace && search.trim() === '' && count === 0;
}
