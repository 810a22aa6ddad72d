import { SortMenu, type SortMenuOption } from '../../../ui/SortMenu.tsx';
import type { ProjectSort } from '../api/projectListParams.ts';
import { tProjects } from '../../../i18n/projects.ts';

type ProjectSortKey = 'name_asc' | 'name_desc' | 'updated_desc' | 'size_desc';

export interface ProjectSortOption extends SortMenuOption<ProjectSortKey> {
  sort: ProjectSort;
}

/** SPEC §2 sort menu; sizes and dates read best largest and newest first. */
export const PROJECT_SORT_OPTIONS: ProjectSortOption[] = [
  {
    key: 'name_asc',
    label: tProjects('projectSortLabels.nameAsc'),
    sort: { sortBy: 'name', sortDesc: false },
  },
  {
    key: 'name_desc',
    label: tProjects('projectSortLabels.nameDesc'),
    sort: { sortBy: 'name', sortDesc: true },
  },
  {
    key: 'updated_desc',
    label: tProjects('projectSortLabels.updatedDesc'),
    sort: { sortBy: 'updated', sortDesc: true },
  },
  {
    key: 'size_desc',
    label: tProjects('projectSortLabels.sizeDesc'),
    sort: { sortBy: 'meta.size', sortDesc: true },
  },
];

function keyOf(sort: ProjectSort): ProjectSortKey | undefined {
  return PROJECT_SORT_OPTIONS.find(
    (option) => option.sort.sortBy === sort.sortBy && option.sort.sortDesc === sort.sortDesc,
  )?.key;
}

interface ProjectSortMenuProps {
  value: ProjectSort;
  onChange: (sort: ProjectSort) => void;
}

export function ProjectSortMenu({ value, onChange }: ProjectSortMenuProps) {
  const handleChange = (key: ProjectSortKey) => {
    const option = PROJECT_SORT_OPTIONS.find((candidate) => candidate.key === key);
    if (option) onChange(option.sort);
  };
  return (
    <SortMenu
      options={PROJECT_SORT_OPTIONS}
      value={keyOf(value)}
      onChange={handleChange}
      label={tProjects('list.sortLabel')}
      testId="projects-sort"
    />
  );
}
