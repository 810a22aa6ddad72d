import { FILE_SORT_LABELS, FILES_TEXTS } from '@waymark/contract';
import { Dropdown } from 'primereact/dropdown';
import type { FileSortKey } from '../fileRows.ts';

interface FileSortOption {
  key: FileSortKey;
  label: string;
}

/** SPEC §2 sort menu of the files tab: name A-Z, name Z-A, last modified, file size. */
export const FILE_SORT_OPTIONS: FileSortOption[] = [
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
  const handleChange = (key: unknown) => {
    const option = FILE_SORT_OPTIONS.find((candidate) => candidate.key === key);
    if (option) onChange(option.key);
  };
  return (
    <Dropdown
      value={value}
      options={FILE_SORT_OPTIONS}
      optionLabel="label"
      optionValue="key"
      onChange={(event) => handleChange(event.value)}
      // ariaLabel names the trigger icon; aria-label goes to the focusable input screen readers announce.
      ariaLabel={FILES_TEXTS.sortLabel}
      aria-label={FILES_TEXTS.sortLabel}
      dropdownIcon="pi pi-sort-alt"
      className="files-toolbar__sort"
      data-testid="files-sort"
    />
  );
}
