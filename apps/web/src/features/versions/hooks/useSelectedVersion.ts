import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { withQuery } from '../../../lib/paths.ts';

export const VERSION_ID_PARAM = 'version_id';

/** The version whose detail sidebar is open: the `version_id` query; removing it closes the sidebar (SPEC §2). */
export function useSelectedVersion() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedVersion = searchParams.get(VERSION_ID_PARAM) ?? undefined;

  const closeVersion = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(VERSION_ID_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  /** Opens another version's sidebar (after a restore: the new version). */
  const openVersion = useCallback(
    (version: string) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(VERSION_ID_PARAM, version);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { selectedVersion, closeVersion, openVersion };
}

/** The query that opens a version's detail sidebar, for links. */
export function versionDetailSearch(version: string): string {
  return withQuery('', { [VERSION_ID_PARAM]: version });
}
