import type { ProjectFile } from '@waymark/contract';

/** The SPEC §2 sort menu of the files tab. Dates and sizes read best newest and largest first. */
export type FileSortKey = 'name_asc' | 'name_desc' | 'modified_desc' | 'size_desc';

export const DEFAULT_FILE_SORT: FileSortKey = 'name_asc';

/** A sub-folder of the folder on screen: what the files below it add up to (SPEC §2 folder row). */
export interface FolderRow {
  kind: 'folder';
  /** The folder's own name. */
  name: string;
  /** Its path inside the project, e.g. `data/photos`. */
  path: string;
  /** Number of files anywhere below it. */
  fileCount: number;
  /** Sum of their sizes. */
  size: number;
  /** The newest modification time among them. */
  mtime: string;
}

export interface FileRow {
  kind: 'file';
  /** The name shown: the file name, or while searching the path below the current folder. */
  name: string;
  path: string;
  size: number;
  mtime: string;
  file: ProjectFile;
}

export type BrowserRow = FolderRow | FileRow;

export interface FolderListing {
  /** The folder above the current one ('..'), or undefined at the project's root and while searching. */
  parent: string | undefined;
  /** Folders first, then files, each group in the chosen order. */
  rows: BrowserRow[];
}

/** A folder path without leading, trailing or doubled slashes (`/a//b/` → `a/b`). */
export function normalizeLocation(location: string | undefined): string {
  return (location ?? '').split('/').filter(Boolean).join('/');
}

/** The folder holding `path`, '' at the root. */
export function parentOf(path: string): string {
  const normalized = normalizeLocation(path);
  const slash = normalized.lastIndexOf('/');
  return slash === -1 ? '' : normalized.slice(0, slash);
}

/** The last segment of a path. */
export function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? path : path.slice(slash + 1);
}

/** Lower case without accents, so 'Éte' finds 'ete' (the original app searched the same way). */
function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function timeOf(mtime: string): number {
  const time = Date.parse(mtime);
  return Number.isNaN(time) ? 0 : time;
}

function compareRows(sort: FileSortKey): (left: BrowserRow, right: BrowserRow) => number {
  const byName = (left: BrowserRow, right: BrowserRow) =>
    collator.compare(left.name, right.name) || left.path.localeCompare(right.path);
  switch (sort) {
    case 'name_asc':
      return byName;
    case 'name_desc':
      return (left, right) => byName(right, left);
    case 'modified_desc':
      return (left, right) => timeOf(right.mtime) - timeOf(left.mtime) || byName(left, right);
    case 'size_desc':
      return (left, right) => right.size - left.size || byName(left, right);
  }
}

function fileRow(file: ProjectFile, name: string): FileRow {
  return { kind: 'file', name, path: file.path, size: file.size, mtime: file.mtime, file };
}

function foldersOf(files: ProjectFile[], prefix: string): FolderRow[] {
  const folders = new Map<string, FolderRow>();
  for (const file of files) {
    const rest = file.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash === -1) continue;
    const name = rest.slice(0, slash);
    const folder = folders.get(name);
    if (folder) {
      folder.fileCount += 1;
      folder.size += file.size;
      if (timeOf(file.mtime) > timeOf(folder.mtime)) folder.mtime = file.mtime;
    } else {
      folders.set(name, {
        kind: 'folder',
        name,
        path: `${prefix}${name}`,
        fileCount: 1,
        size: file.size,
        mtime: file.mtime,
      });
    }
  }
  return [...folders.values()];
}

export interface ListFolderOptions {
  /** The folder on screen (the route's `location`); '' is the project's root. */
  location?: string;
  /** Text of 'Search files': when set, every file below the folder whose path matches is listed flat. */
  search?: string;
  sort?: FileSortKey;
}

/**
 * What the files tab lists for a folder (SPEC §2): its sub-folders, each with the count, total size and
 * newest time of the files below it, then its own files, with '..' leading up. A search flattens the
 * folder: every file anywhere below it whose path (relative to the folder) contains the text, named by
 * that relative path, and no folders.
 */
export function listFolder(
  files: ProjectFile[],
  { location, search, sort = DEFAULT_FILE_SORT }: ListFolderOptions = {},
): FolderListing {
  const folder = normalizeLocation(location);
  const prefix = folder ? `${folder}/` : '';
  const inside = files.filter((file) => file.path.startsWith(prefix));
  const compare = compareRows(sort);
  const needle = foldForSearch(search?.trim() ?? '');

  if (needle) {
    const rows = inside
      .map((file) => fileRow(file, file.path.slice(prefix.length)))
      .filter((row) => foldForSearch(row.name).includes(needle))
      .sort(compare);
    return { parent: undefined, rows };
  }

  const own = inside
    .filter((file) => !file.path.slice(prefix.length).includes('/'))
    .map((file) => fileRow(file, baseName(file.path)));
  return {
    parent: folder ? parentOf(folder) : undefined,
    rows: [...foldersOf(inside, prefix).sort(compare), ...own.sort(compare)],
  };
}

/** The slice of rows on a 1-based page. */
export function pageOf<T>(rows: T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}
