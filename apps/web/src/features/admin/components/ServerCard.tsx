import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { type ReactNode, useId } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

/** One card of the server section, titled. */
export function ServerCard({
  title,
  testId,
  className,
  children,
}: {
  title: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={['card admin-server-card', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="card__header">
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
      </header>
      <div className="admin-server-card__body">{children}</div>
    </section>
  );
}

/** The part of a query a card shows. */
export interface CardQuery<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** A card's content from one query: its data, a retry once it failed, lines while it loads. */
export function QueryContent<T>({
  query,
  children,
}: {
  query: CardQuery<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <LoadingLines />;
}

/** A card's content while its call failed: the toast says why, this offers a retry. */
function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState title={tAdmin('panel.loadError')}>
      <Button label={tAdmin('panel.retry')} icon="pi pi-refresh" outlined onClick={onRetry} />
    </EmptyState>
  );
}

function LoadingLines() {
  return (
    <div className="admin-server-card__loading" aria-busy="true">
      <Skeleton width="60%" height="1rem" />
      <Skeleton width="40%" height="1rem" />
    </div>
  );
}
