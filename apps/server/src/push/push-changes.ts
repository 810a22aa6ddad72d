import {
  CHUNK_ID_PATTERN,
  filePathProblem,
  hasInvisibleCharacter,
  hasTrailingSpace,
  isBlacklistedPath,
  isVersionedFile,
  MAX_CHUNKS_PER_PUSH,
  MAX_FILES_PER_PUSH,
  type PushChanges,
  type PushFile,
  PUSH_TEXTS,
} from '@waymark/contract';
import { invalid, limitHit } from '../lib/errors.ts';

/** A file of a push after validation: what the transaction stores and finish assembles. */
export type DeclaredFile = {
  path: string;
  checksum: string;
  size: number;
  chunks: string[];
  diff: { path: string; checksum: string; size: number } | null;
  /** The version the web app's upload was based on (`base_version`), asking for a merge (push-merge.ts). */
  baseVersion?: number;
};
export type DeclaredChanges = { added: DeclaredFile[]; updated: DeclaredFile[]; removed: DeclaredFile[] };

const declared = (file: PushFile): DeclaredFile => ({
  path: file.path,
  checksum: file.checksum.toLowerCase(),
  size: file.size,
  chunks: file.chunks,
  diff: file.diff
    ? { path: file.diff.path, checksum: file.diff.checksum.toLowerCase(), size: file.diff.size }
    : null,
  ...(file.base_version !== undefined ? { baseVersion: file.base_version } : {}),
});

/** What the chunks of a file carry: its changeset when it is a diff update, else the file itself. */
export function uploadedBytesOf(file: DeclaredFile): { size: number; checksum: string } {
  return file.diff ?? file;
}

/**
 * The paths of a push's project files its checks need (the declared ones, blacklisted paths dropped): none when
 * there are more than a push may have, which `validatePushChanges` refuses before it looks at the project.
 */
export function declaredPaths(changes: PushChanges): string[] {
  const paths = [...changes.added, ...changes.updated, ...changes.removed]
    .map((file) => file.path)
    .filter((path) => !isBlacklistedPath(path));
  return paths.length > MAX_FILES_PER_PUSH ? [] : paths;
}

/**
 * Checks a push's changes against the rules of the reference server and the project's current files, in the
 * reference's order, and returns them without blacklisted paths. Throws the reference's 400 texts.
 */
export function validatePushChanges(
  changes: PushChanges,
  currentPaths: ReadonlySet<string>,
): DeclaredChanges {
  const keep = (files: PushFile[]) => files.filter((file) => !isBlacklistedPath(file.path)).map(declared);
  const result: DeclaredChanges = {
    added: keep(changes.added),
    updated: keep(changes.updated),
    removed: keep(changes.removed),
  };
  const all = [...result.added, ...result.updated, ...result.removed];
  if (all.length === 0) throw invalid(PUSH_TEXTS.noChanges);
  if (all.length > MAX_FILES_PER_PUSH) throw invalid(PUSH_TEXTS.tooManyFiles);

  // Paths that differ only in their Unicode form are the same file on macOS and Windows.
  const seen = new Set<string>();
  for (const file of all) {
    const key = file.path.normalize('NFC');
    if (seen.has(key)) throw invalid(PUSH_TEXTS.notUnique);
    seen.add(key);
  }
  // Nor can two files that differ only in case live side by side there (a removal beside them is a rename).
  const folded = new Set<string>();
  for (const file of [...result.added, ...result.updated]) {
    const key = file.path.normalize('NFC').toLowerCase();
    if (folded.has(key)) throw invalid(PUSH_TEXTS.notUnique);
    folded.add(key);
  }

  for (const file of [...result.added, ...result.updated]) {
    if (isVersionedFile(file.path) && file.size === 0) throw invalid(PUSH_TEXTS.invalidFile);
    const problem = filePathProblem(file.path);
    if (problem === 'invalid') throw invalid(PUSH_TEXTS.unsupportedName(file.path));
    if (problem === 'forbidden-type') throw invalid(PUSH_TEXTS.unsupportedType(file.path));
  }
  // Only new files: existing projects with such folders must stay updatable.
  for (const file of result.added) {
    if (hasTrailingSpace(file.path)) throw invalid(PUSH_TEXTS.trailingSpace(file.path));
    if (hasInvisibleCharacter(file.path)) throw invalid(PUSH_TEXTS.unsupportedName(file.path));
  }

  const currentNormalised = new Set([...currentPaths].map((path) => path.normalize('NFC')));
  for (const file of result.added) {
    if (currentNormalised.has(file.path.normalize('NFC')))
      throw invalid(PUSH_TEXTS.alreadyUploaded(file.path));
  }
  for (const file of [...result.updated, ...result.removed]) {
    if (!currentPaths.has(file.path)) throw invalid(PUSH_TEXTS.notInProject);
  }

  assertChecksums(all);

  let chunkCount = 0;
  for (const file of [...result.added, ...result.updated]) {
    chunkCount += file.chunks.length;
    if (file.chunks.some((id) => !CHUNK_ID_PATTERN.test(id))) throw invalid(PUSH_TEXTS.invalidChunkId);
  }
  if (chunkCount > MAX_CHUNKS_PER_PUSH) throw invalid(PUSH_TEXTS.tooManyChunks);

  // A diff update uploads a changeset that finish applies to the server's file: only versioned files have them.
  // Its name is the diff's id for v2 downloads, so it must name one diff only.
  const diffNames = new Set<string>();
  for (const file of result.updated) {
    if (!file.diff) continue;
    if (diffNames.has(file.diff.path)) throw invalid(PUSH_TEXTS.notUnique);
    diffNames.add(file.diff.path);
    if (!isVersionedFile(file.path)) throw invalid(PUSH_TEXTS.diffNotVersioned(file.path));
    if (filePathProblem(file.diff.path) === 'invalid')
      throw invalid(PUSH_TEXTS.unsupportedName(file.diff.path));
  }
  return result;
}

const SHA1_PATTERN = /^[0-9a-f]{40}$/;

/** Every declared checksum (of a file, and of its changeset) is a SHA-1: 40 hexadecimal digits (any case). */
function assertChecksums(files: DeclaredFile[]): void {
  for (const file of files) {
    if (!SHA1_PATTERN.test(file.checksum)) throw invalid(PUSH_TEXTS.invalidChecksum(file.path));
    if (file.diff && !SHA1_PATTERN.test(file.diff.checksum)) {
      throw invalid(PUSH_TEXTS.invalidChecksum(file.diff.path));
    }
  }
}

/** The names of the changesets a push uploads (each names one diff for good: the v2 diff id). */
export function declaredDiffPaths(changes: DeclaredChanges): string[] {
  return changes.updated.flatMap((file) => (file.diff ? [file.diff.path] : []));
}

/** Every chunk id the push declared, each once, in upload order; the index names its file on disk. */
export function declaredChunkIds(changes: DeclaredChanges): string[] {
  const ids = new Set<string>();
  for (const file of [...changes.added, ...changes.updated]) for (const id of file.chunks) ids.add(id);
  return [...ids];
}

/** Whether the push uploads anything (otherwise it is a removal-only push, committed at once). */
export function needsUpload(changes: DeclaredChanges): boolean {
  return changes.added.length > 0 || changes.updated.length > 0;
}

/** Bytes a push adds to the workspace's usage: new and updated sizes, less the sizes they replace or remove. */
export function storageGrowth(changes: DeclaredChanges, current: Map<string, { size: number }>): number {
  const sizeNow = (file: DeclaredFile) => current.get(file.path)?.size ?? 0;
  return (
    [...changes.added, ...changes.updated].reduce((sum, file) => sum + file.size, 0) -
    [...changes.updated, ...changes.removed].reduce((sum, file) => sum + sizeNow(file), 0)
  );
}

/** 422 StorageLimitHit when a push would take the workspace beyond its storage (a push that frees space passes). */
export function assertStorageAllows(growth: number, usage: number, storage: number): void {
  if (growth > 0 && usage + growth > storage) {
    throw limitHit(PUSH_TEXTS.storageLimit, {
      code: 'StorageLimitHit',
      extra: { current_usage: usage, storage_limit: storage },
    });
  }
}
