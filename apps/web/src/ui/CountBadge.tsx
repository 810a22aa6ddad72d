import './listPieces.css';

interface CountBadgeProps {
  count: number;
  testId?: string;
  /** Beside a link's or a tab's label rather than a heading: smaller, in the label's weight. */
  isInline?: boolean;
}

/** A pill with a number, set beside a heading; its text is the bare number so tests and readers agree. */
export function CountBadge({ count, testId, isInline = false }: CountBadgeProps) {
  return (
    <span className={isInline ? 'count-badge count-badge--inline' : 'count-badge'} data-testid={testId}>
      {count}
    </span>
  );
}
