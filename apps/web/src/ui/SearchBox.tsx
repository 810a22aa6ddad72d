import { IconField } from 'primereact/iconfield';
import './listPieces.css';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name, when the placeholder alone would not say what is searched. */
  label: string;
  className?: string;
  testId?: string;
}

/** A search field with a magnifier: the lists filter (or debounce and ask) as the user types. */
export function SearchBox({ value, onChange, placeholder, label, className, testId }: SearchBoxProps) {
  return (
    <IconField iconPosition="left" className={['search-box', className].filter(Boolean).join(' ')}>
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        data-testid={testId}
        className="search-box__input"
      />
    </IconField>
  );
}
