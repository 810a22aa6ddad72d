import { describe, expect, it } from 'vitest';
import { itemsFromPickedFiles, readDrop, scanDroppedEntries } from './scanDrop.ts';
import { blacklistOf } from './uploadRules.ts';

const blacklist = blacklistOf({ blacklist_files: ['.DS_Store'], blacklist_dirs: ['.mergin'] });

function fileEntry(name: string): FileSystemFileEntry {
  return {
    isFile: true,
    isDirectory: false,
    name,
    file: (resolve: (file: File) => void) => resolve(new File([name], name)),
  } as unknown as FileSystemFileEntry;
}

/** A folder whose reader hands out its entries two at a time, as browsers do in batches. */
function folderEntry(name: string, children: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          resolve(children.slice(offset, offset + 2));
          offset += 2;
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

function pickedFile(relativePath: string): File {
  const file = new File(['x'], relativePath.split('/').at(-1) ?? relativePath);
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath });
  return file;
}

describe('scanDroppedEntries', () => {
  it('walks folders recursively, leaving out blacklisted folders, names and side files', async () => {
    const survey = folderEntry('survey', [
      fileEntry('survey.gpkg'),
      fileEntry('survey.gpkg-wal'),
      fileEntry('.DS_Store'),
      folderEntry('.mergin', [fileEntry('mergin.json')]),
      folderEntry('dcim', [fileEntry('1.jpg'), fileEntry('2.jpg'), fileEntry('3.jpg')]),
      fileEntry('notes.txt'),
    ]);
    const items = await scanDroppedEntries([survey, fileEntry('extra.csv'), fileEntry('x.pyc')], blacklist);
    expect(items.map(({ name, isDirectory }) => ({ name, isDirectory }))).toEqual([
      { name: 'survey', isDirectory: true },
      { name: 'extra.csv', isDirectory: false },
    ]);
    expect(items[0]?.files.map((file) => file.relativePath)).toEqual([
      'survey.gpkg',
      'dcim/1.jpg',
      'dcim/2.jpg',
      'dcim/3.jpg',
      'notes.txt',
    ]);
    expect(await items[1]?.files[0]?.file.text()).toBe('extra.csv');
  });
});

describe('itemsFromPickedFiles', () => {
  it('groups a picked folder under its top folder and keeps picked files apart', () => {
    const items = itemsFromPickedFiles(
      [
        pickedFile('survey/data.gpkg'),
        pickedFile('survey/photos/a.jpg'),
        pickedFile('survey/.mergin/mergin.json'),
        pickedFile('survey/.DS_Store'),
        new File(['y'], 'loose.txt'),
      ],
      blacklist,
    );
    expect(
      items.map((item) => [item.name, item.isDirectory, item.files.map((file) => file.relativePath)]),
    ).toEqual([
      ['survey', true, ['data.gpkg', 'photos/a.jpg']],
      ['loose.txt', false, ['loose.txt']],
    ]);
  });
});

describe('readDrop', () => {
  const transfer = (items: Partial<DataTransferItem>[], files: File[] = []) =>
    ({ items, files }) as unknown as DataTransfer;

  it("refuses dragged text: 'Drop only files or folders'", () => {
    expect(readDrop(transfer([{ kind: 'string' }]))).toEqual({ kind: 'refused' });
    expect(readDrop(transfer([]))).toEqual({ kind: 'refused' });
  });

  it('takes entries, or the plain file when the browser offers no entry', () => {
    const entry = fileEntry('a.txt');
    const plain = new File(['b'], 'b.txt');
    const content = readDrop(
      transfer([
        { kind: 'file', webkitGetAsEntry: () => entry },
        { kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => plain },
      ]),
    );
    expect(content).toEqual({ kind: 'items', entries: [entry, plain] });
  });
});
