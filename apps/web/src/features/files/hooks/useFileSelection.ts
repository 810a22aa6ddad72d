import { useCallback, useMemo, useState } from 'react';

export type FileSelection = {
  /** The chosen paths that are still files of the project, in the order they were chosen. */
  paths: string[];
  has(path: string): boolean;
  toggle(path: string, isChosen: boolean): void;
  /** Chooses or drops all these paths at once (select all). */
  setMany(paths: string[], isChosen: boolean): void;
  clear(): void;
};

/** Files chosen in the file browser (for downloading them as one zip), kept while browsing folders. */
export function useFileSelection(available: ReadonlySet<string>): FileSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // A file the project lost since (a new version) is no longer chosen.
  const paths = useMemo(() => [...chosen].filter((path) => available.has(path)), [chosen, available]);
  const setMany = useCallback((changed: string[], isChosen: boolean) => {
    setChosen((previous) => {
      const next = new Set(previous);
      for (const path of changed) {
        if (isChosen) next.add(path);
        else next.delete(path);
      }
      return next;
    });
  }, []);
  return useMemo(
    () => ({
      paths,
      has: (path: string) => chosen.has(path) && available.has(path),
      toggle: (path: string, isChosen: boolean) => setMany([path], isChosen),
      setMany,
      clear: () => setChosen(new Set()),
    }),
    [paths, chosen, available, setMany],
  );
}
