import { Dropdown } from 'primereact/dropdown';
import './listPieces.css';

export interface SortMenuOption<K extends string> {
  key: K;
  label: string;
}

interface SortMenuProps<K extends string> {
  options: readonly SortMenuOption<K>[];
  value: K | undefined;
  onChange: (key: K) => void;
  /** The accessible name of the menu (e.g. 'Sort files'). */
  label: string;
  className?: string;
  testId?: string;
}

/** A list's sort menu: one entry per order, shown with the sort icon; only listed keys are passed on. */
export function SortMenu<K extends string>({
  options,
  value,
  onChange,
  label,
  className,
  testId,
}: SortMenuProps<K>) {
  const handleChange = (key: unknown) => {
    const option = options.find((candidate) => candidate.key === key);
    if (option) onChange(option.key);
  };
  return (
    <Dropdown
      value={value}
      options={[...options]}
      optionLabel="label"
      optionValue="key"
      onChange={(event) => handleChange(event.value)}
      // ariaLabel names the trigger icon; aria-label goes to the focusable input screen readers announce.
      ariaLabel={label}
      aria-label={label}
      dropdownIcon="pi pi-sort-alt"
      className={['sort-menu', className].filter(Boolean).join(' ')}
      data-testid={testId}
    />
  );
}
