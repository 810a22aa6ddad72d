import { SearchBox } from '../../../ui/SearchBox.tsx';
import { tProjects } from '../../../i18n/projects.ts';

interface ProjectSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
}

/** The 'Search projects by name' box; the list debounces what is typed here. */
export function ProjectSearchBox({ value, onChange }: ProjectSearchBoxProps) {
  return (
    <SearchBox
      value={value}
      onChange={onChange}
      placeholder={tProjects('list.searchPlaceholder')}
      label={tProjects('list.searchLabel')}
      testId="projects-search"
    />
  );
}
