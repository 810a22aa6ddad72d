import { FILES_TEXTS } from '@waymark/contract';
import { SearchBox } from '../../../ui/SearchBox.tsx';

interface FileSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
}

/** The 'Search files' box: it filters the files below the current folder as the user types. */
export function FileSearchBox({ value, onChange }: FileSearchBoxProps) {
  return (
    <SearchBox
      value={value}
      onChange={onChange}
      placeholder={FILES_TEXTS.searchPlaceholder}
      label={FILES_TEXTS.searchLabel}
      testId="files-search"
    />
  );
}
