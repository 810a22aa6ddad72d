import { SortMenu, type SortMenuOption } from '../../../ui/SortMenu.tsx';
import type { FileSortKey } from '../fileRows.ts';
import { tFiles } from '../../../i18n/files.ts';

/** SPEC §2 sort menu of the files tab: name A-Z, name Z-A, last modified, file size. */
export const FILE_SORT_OPTIONS: SortMenuOption<FileSortKey>[] = [
  { key: 'name_asc', label: tFiles('fileSortLabels.nameAsc') },
  { key: 'name_desc', label: tFiles('fileSortLabels.nameDesc') },
  { key: 'modified_desc', label: tFiles('fileSortLabels.modifiedDesc') },
  { key: 'size_desc', label: tFiles('fileSortLabels.sizeDesc') },
];

interface FileSortMenuProps {
  value: FileSortKey;
  onChange: (sort: FileSortKey) => void;
}

export function FileSortMenu({ value, onChange }: FileSortMenuProps) {
  return (
    <SortMenu
      options={FILE_SORT_OPTIONS}
      value={value}
      onChange={onChange}
      label={tFiles('files.sortLabel')}
      testId="files-sort"
    />
  );
}
