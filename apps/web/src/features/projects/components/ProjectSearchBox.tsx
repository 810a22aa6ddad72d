import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

interface ProjectSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
}

/** The 'Search projects by name' box; the list debounces what is typed here. */
export function ProjectSearchBox({ value, onChange }: ProjectSearchBoxProps) {
  return (
    <IconField iconPosition="left" className="projects-toolbar__search">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={PROJECTS_LIST_TEXTS.searchPlaceholder}
        aria-label={PROJECTS_LIST_TEXTS.searchLabel}
        data-testid="projects-search"
        className="projects-toolbar__search-input"
      />
    </IconField>
  );
}
