import { SearchBox } from '../../../ui/SearchBox.tsx';
import { tFiles } from '../../../i18n/files.ts';

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
      placeholder={tFiles('files.searchPlaceholder')}
      label={tFiles('files.searchLabel')}
      testId="files-search"
    />
  );
}
