import { FILE_SORT_LABELS, FILES_TEXTS } from '@waymark/contract';
import { SortMenu, type SortMenuOption } from '../../../ui/SortMenu.tsx';
import type { FileSortKey } from '../fileRows.ts';

/** SPEC §2 sort menu of the files tab: name A-Z, name Z-A, last modified, file size. */
export const FILE_SORT_OPTIONS: SortMenuOption<FileSortKey>[] = [
  { key: 'name_asc', label: FILE_SORT_LABELS.nameAsc },
  { key: 'name_desc', label: FILE_SORT_LABELS.nameDesc },
  { key: 'modified_desc', label: FILE_SORT_LABELS.modifiedDesc },
  { key: 'size_desc', label: FILE_SORT_LABELS.sizeDesc },
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
      label={FILES_TEXTS.sortLabel}
      testId="files-sort"
    />
  );
}
