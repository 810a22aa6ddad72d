import { PROJECT_SORT_LABELS, PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { Dropdown } from 'primereact/dropdown';
import type { ProjectSort } from '../api/projectListParams.ts';

export interface ProjectSortOption {
  key: string;
  label: string;
  sort: ProjectSort;
}

/** SPEC §2 sort menu; sizes and dates read best largest and newest first. */
export const PROJECT_SORT_OPTIONS: ProjectSortOption[] = [
  { key: 'name_asc', label: PROJECT_SORT_LABELS.nameAsc, sort: { sortBy: 'name', sortDesc: false } },
  { key: 'name_desc', label: PROJECT_SORT_LABELS.nameDesc, sort: { sortBy: 'name', sortDesc: true } },
  {
    key: 'updated_desc',
    label: PROJECT_SORT_LABELS.updatedDesc,
    sort: { sortBy: 'updated', sortDesc: true },
  },
  { key: 'size_desc', label: PROJECT_SORT_LABELS.sizeDesc, sort: { sortBy: 'meta.size', sortDesc: true } },
];

function keyOf(sort: ProjectSort): string | undefined {
  return PROJECT_SORT_OPTIONS.find(
    (option) => option.sort.sortBy === sort.sortBy && option.sort.sortDesc === sort.sortDesc,
  )?.key;
}

interface ProjectSortMenuProps {
  value: ProjectSort;
  onChange: (sort: ProjectSort) => void;
}

export function ProjectSortMenu({ value, onChange }: ProjectSortMenuProps) {
  const handleChange = (key: unknown) => {
    const option = PROJECT_SORT_OPTIONS.find((candidate) => candidate.key === key);
    if (option) onChange(option.sort);
  };
  return (
    <Dropdown
      value={keyOf(value)}
      options={PROJECT_SORT_OPTIONS}
      optionLabel="label"
      optionValue="key"
      onChange={(event) => handleChange(event.value)}
      // ariaLabel names the trigger icon; aria-label goes to the focusable input screen readers announce.
      ariaLabel={PROJECTS_LIST_TEXTS.sortLabel}
      aria-label={PROJECTS_LIST_TEXTS.sortLabel}
      dropdownIcon="pi pi-sort-alt"
      className="projects-toolbar__sort"
      data-testid="projects-sort"
    />
  );
}
