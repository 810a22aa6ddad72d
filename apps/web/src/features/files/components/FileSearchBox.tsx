import { FILES_TEXTS } from '@waymark/contract';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

interface FileSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
}

/** The 'Search files' box: it filters the files below the current folder as the user types. */
export function FileSearchBox({ value, onChange }: FileSearchBoxProps) {
  return (
    <IconField iconPosition="left" className="files-toolbar__search">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={FILES_TEXTS.searchPlaceholder}
        aria-label={FILES_TEXTS.searchLabel}
        data-testid="files-search"
        className="files-toolbar__search-input"
      />
    </IconField>
  );
}
