import { ADMIN_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@waymark/contract';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue.ts';
import type { AdminListParams } from '../api/adminApi.ts';

export interface AdminSort<F extends string> {
  field: F;
  descending: boolean;
}

/**
 * Search, sort and page of an admin list. The search is debounced, and the page belongs to one search and
 * sort: a new search or sort starts again on page 1 without an effect resetting state after the fact.
 */
export function useAdminListState<F extends string>(
  defaultSort: AdminSort<F>,
  /** Anything else the rows depend on (a view of the list): a change starts on page 1 too. */
  scope = '',
  perPage = ADMIN_PAGE_SIZE,
) {
  const [searchText, setSearchText] = useState('');
  const like = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<AdminSort<F>>(defaultSort);
  const pagingKey = `${scope}\u0000${like}\u0000${sort.field}\u0000${String(sort.descending)}`;
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;
  const params: AdminListParams<F> = {
    page,
    perPage,
    orderBy: sort.field,
    descending: sort.descending,
    like,
  };
  return {
    searchText,
    setSearchText,
    sort,
    setSort,
    page,
    perPage,
    setPage: (next: number) => setPaging({ key: pagingKey, page: next }),
    params,
  };
}

export type AdminListState<F extends string> = ReturnType<typeof useAdminListState<F>>;
