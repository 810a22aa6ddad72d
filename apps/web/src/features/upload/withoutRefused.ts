import {
  abilitiesOfProjectRole,
  EDITOR_QGIS_FILE_TEXT,
  filePathProblem,
  hasInvisibleCharacter,
  hasTrailingSpace,
  type ProjectDetail,
  PUSH_TEXTS,
  refusedPushPath,
} from '@waymark/contract';
import type { Notifier } from '../../lib/notifications.ts';
import type { LocalFile, UploadOverlay } from './uploadChanges.ts';
import { tFiles } from '../../i18n/files.ts';

/**
 * Why the server would refuse a file at this path (its own words), or null when it may be uploaded: editors
 * push data and media but no QGIS project file (SPEC §6), told before anything is sent.
 */
function refusalOf(path: string, isNew: boolean, role: ProjectDetail['role']): string | null {
  // Readers never reach the drop area; the project's role decides what its editors may push.
  const abilities = abilitiesOfProjectRole(role);
  if (abilities.edit && refusedPushPath(abilities, [path]) !== undefined) return EDITOR_QGIS_FILE_TEXT(path);
  const problem = filePathProblem(path);
  if (problem === 'invalid') return PUSH_TEXTS.unsupportedName(path);
  if (problem === 'forbidden-type') return PUSH_TEXTS.unsupportedType(path);
  if (isNew && hasTrailingSpace(path)) return PUSH_TEXTS.trailingSpace(path);
  if (isNew && hasInvisibleCharacter(path)) return PUSH_TEXTS.unsupportedName(path);
  return null;
}

const foldCase = (path: string) => path.normalize('NFC').toLowerCase();

/**
 * Leaves out the fresh files the server would refuse, so one bad name does not fail the whole push; the
 * first refusal is shown with the number of others.
 */
export function withoutRefused(
  overlay: UploadOverlay,
  fresh: readonly LocalFile[],
  project: ProjectDetail,
  notify: Notifier,
): UploadOverlay {
  const known = new Set(project.files.map((file) => file.path));
  // Two files of one push whose names differ only in case are refused by the server: the later one stays out.
  const freshPaths = new Set(fresh.map((local) => local.path));
  const folded = new Map(
    Object.keys(overlay.localFiles)
      .filter((path) => !freshPaths.has(path))
      .map((path) => [foldCase(path), path]),
  );
  const refusals = fresh.flatMap((local) => {
    const twin = folded.get(foldCase(local.path));
    const reason =
      refusalOf(local.path, !known.has(local.path), project.role) ??
      (twin !== undefined && twin !== local.path
        ? tFiles('upload.caseDuplicate', { path: local.path, other: twin })
        : null);
    if (reason) return [{ path: local.path, reason }];
    folded.set(foldCase(local.path), local.path);
    return [];
  });
  const [first] = refusals;
  if (!first) return overlay;
  notify.error(
    refusals.length > 1
      ? `${first.reason}${tFiles('upload.moreRefused', { count: refusals.length - 1 })}`
      : first.reason,
  );
  const localFiles = { ...overlay.localFiles };
  for (const { path } of refusals) delete localFiles[path];
  return { ...overlay, localFiles };
}
