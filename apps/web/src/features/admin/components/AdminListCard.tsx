import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { type ReactNode, useEffect, useId } from 'react';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { SearchBox } from '../../../ui/SearchBox.tsx';
import { lastPageOf } from '../adminRules.ts';
import '../admin.css';
import { tAdmin } from '../../../i18n/admin.ts';

interface ListQuery {
  data?: { count: number; items: unknown[] };
  isError: boolean;
  refetch: () => unknown;
}

interface AdminListCardProps {
  title: string;
  testId: string;
  query: ListQuery;
  search: { value: string; onChange: (value: string) => void; placeholder: string; label: string };
  /** Page, rows per page and the page setter of the list. */
  paging: { page: number; perPage: number; setPage: (page: number) => void };
  /** The section's main action (e.g. Create user), at the right of the heading. */
  action?: ReactNode;
  /** Extra controls of the toolbar, after the search box. */
  toolbar?: ReactNode;
  /** Shown instead of the table when the list holds nothing. */
  emptyText: string;
  children: ReactNode;
}

const PAGINATOR_TEMPLATE = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink';

/**
 * A card holding one admin list: heading with the count and the main action, the search toolbar, the table
 * (its children), the paginator; a load error offers a retry instead of claiming the list is empty.
 */
export function AdminListCard({
  title,
  testId,
  query,
  search,
  paging,
  action,
  toolbar,
  emptyText,
  children,
}: AdminListCardProps) {
  const titleId = useId();
  const count = query.data?.count;
  const { page, perPage, setPage } = paging;
  const isPastEnd = count !== undefined && page > lastPageOf(count, perPage);

  // The last row of the last page went (deleted, restored): show the page that is now the last.
  useEffect(() => {
    if (isPastEnd && count !== undefined) setPage(lastPageOf(count, perPage));
  }, [isPastEnd, count, perPage, setPage]);

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = (
      <EmptyState title={tAdmin('panel.loadError')} testId={`${testId}-load-error`}>
        <Button
          label={tAdmin('panel.retry')}
          icon="pi pi-refresh"
          outlined
          onClick={() => void query.refetch()}
        />
      </EmptyState>
    );
  } else if (count === 0) {
    body = <EmptyState title={emptyText} testId={`${testId}-empty`} />;
  } else {
    body = children;
  }

  return (
    <section className="card admin-list" aria-labelledby={titleId} data-testid={testId}>
      <header className="admin-list__header">
        <div className="admin-list__title-row">
          <h2 id={titleId} className="card__title">
            {title}
          </h2>
          {count !== undefined && <CountBadge count={count} testId={`${testId}-count`} />}
        </div>
        {action}
      </header>
      <div className="admin-list__toolbar">
        <SearchBox
          value={search.value}
          onChange={search.onChange}
          placeholder={search.placeholder}
          label={search.label}
          testId={`${testId}-search`}
        />
        {toolbar}
      </div>
      {body}
      {count !== undefined && count > perPage && (
        <Paginator
          first={(page - 1) * perPage}
          rows={perPage}
          totalRecords={count}
          template={PAGINATOR_TEMPLATE}
          onPageChange={(event) => setPage(event.page + 1)}
          className="admin-list__paginator"
          aria-label={tAdmin('panel.paginatorLabel')}
        />
      )}
    </section>
  );
}
