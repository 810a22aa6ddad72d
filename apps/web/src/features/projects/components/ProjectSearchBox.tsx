import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { SearchBox } from '../../../ui/SearchBox.tsx';

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
      placeholder={PROJECTS_LIST_TEXTS.searchPlaceholder}
      label={PROJECTS_LIST_TEXTS.searchLabel}
      testId="projects-search"
    />
  );
}
