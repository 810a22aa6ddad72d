import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { withQuery } from '../../../lib/paths.ts';

export const FILE_PATH_PARAM = 'file_path';

/**
 * The file whose detail sidebar is open: the `file_path` query (SPEC §2). Opening sets it on the current
 * address (folder kept); closing removes it.
 */
export function useSelectedFilePath() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedPath = searchParams.get(FILE_PATH_PARAM) ?? undefined;

  const closeFile = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(FILE_PATH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  return { selectedPath, closeFile };
}

/** The query that opens a file's detail sidebar on the current page, for links (slashes kept readable). */
export function fileDetailSearch(path: string): string {
  return withQuery('', { [FILE_PATH_PARAM]: path });
}
