import type { DroppedItem } from './uploadChanges.ts';
import { isBlacklistedDir, isSkippedFile, type UploadBlacklist } from './uploadRules.ts';

/** What a drop held, taken while the drop event lasts (its items are gone after the first await). */
export type DropContent = { kind: 'items'; entries: (FileSystemEntry | File)[] } | { kind: 'refused' };

/**
 * Reads a drop: each item must be a file or a folder (SPEC §5 'Drop only files or folders'); dragged
 * text or links are refused. Items the browser offers no entry for are taken as plain files.
 */
export function readDrop(dataTransfer: DataTransfer): DropContent {
  const items = Array.from(dataTransfer.items);
  if (items.length === 0) {
    const files = Array.from(dataTransfer.files);
    return files.length > 0 ? { kind: 'items', entries: files } : { kind: 'refused' };
  }
  const entries: (FileSystemEntry | File)[] = [];
  for (const item of items) {
    if (item.kind !== 'file') return { kind: 'refused' };
    const entry = item.webkitGetAsEntry?.() ?? null;
    const file = entry ? null : item.getAsFile();
    if (entry) entries.push(entry);
    else if (file) entries.push(file);
    else return { kind: 'refused' };
  }
  return { kind: 'items', entries };
}

function isFileEntry(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectoryEntry(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** All entries of a folder: the browser hands them out in batches until an empty one. */
async function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function collectFiles(
  directory: FileSystemDirectoryEntry,
  prefix: string,
  blacklist: UploadBlacklist,
  into: DroppedItem['files'],
): Promise<void> {
  if (isBlacklistedDir(directory.name, blacklist)) return;
  for (const entry of await readAllEntries(directory)) {
    if (isDirectoryEntry(entry)) {
      await collectFiles(entry, `${prefix}${entry.name}/`, blacklist, into);
    } else if (isFileEntry(entry) && !isSkippedFile(entry.name, blacklist)) {
      into.push({ relativePath: `${prefix}${entry.name}`, file: await fileOf(entry) });
    }
  }
}

/**
 * Walks dropped entries: files as they are, folders recursively, leaving out blacklisted folders (and
 * all they hold), blacklisted file names and ignored endings. A skipped single file yields no item.
 */
export async function scanDroppedEntries(
  entries: readonly (FileSystemEntry | File)[],
  blacklist: UploadBlacklist,
): Promise<DroppedItem[]> {
  const items: DroppedItem[] = [];
  for (const entry of entries) {
    if (entry instanceof File) {
      if (!isSkippedFile(entry.name, blacklist)) {
        items.push({
          name: entry.name,
          isDirectory: false,
          files: [{ relativePath: entry.name, file: entry }],
        });
      }
    } else if (isDirectoryEntry(entry)) {
      const files: DroppedItem['files'] = [];
      await collectFiles(entry, '', blacklist, files);
      items.push({ name: entry.name, isDirectory: true, files });
    } else if (isFileEntry(entry) && !isSkippedFile(entry.name, blacklist)) {
      items.push({
        name: entry.name,
        isDirectory: false,
        files: [{ relativePath: entry.name, file: await fileOf(entry) }],
      });
    }
  }
  return items;
}

/**
 * Items of the file or folder picker. Files picked from a folder carry their path below it
 * (`webkitRelativePath`, starting with the folder's name): they make one folder item per top folder.
 */
export function itemsFromPickedFiles(files: readonly File[], blacklist: UploadBlacklist): DroppedItem[] {
  const folders = new Map<string, DroppedItem>();
  const items: DroppedItem[] = [];
  for (const file of files) {
    const segments = file.webkitRelativePath ? file.webkitRelativePath.split('/') : [file.name];
    const fileName = segments.at(-1) ?? file.name;
    if (isSkippedFile(fileName, blacklist)) continue;
    if (segments.length === 1) {
      items.push({ name: file.name, isDirectory: false, files: [{ relativePath: file.name, file }] });
      continue;
    }
    const [folderName = '', ...rest] = segments;
    if (segments.slice(0, -1).some((segment) => isBlacklistedDir(segment, blacklist))) continue;
    let folder = folders.get(folderName);
    if (!folder) {
      folder = { name: folderName, isDirectory: true, files: [] };
      folders.set(folderName, folder);
      items.push(folder);
    }
    folder.files.push({ relativePath: rest.join('/'), file });
  }
  return items;
}
