import { useEffect } from 'react';
import { type BreadcrumbEntry, useLayoutStore } from '../layoutStore.ts';

/**
 * Lets a page replace the route-derived breadcrumbs with its own (e.g. names only known after a fetch).
 * Pass a memoised array; the entries are dropped again when the page unmounts.
 */
export function usePageBreadcrumbs(entries: BreadcrumbEntry[] | null): void {
  const setBreadcrumbs = useLayoutStore((state) => state.setBreadcrumbs);
  useEffect(() => {
    setBreadcrumbs(entries);
    return () => setBreadcrumbs(null);
  }, [entries, setBreadcrumbs]);
}
