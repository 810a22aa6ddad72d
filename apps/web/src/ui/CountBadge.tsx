import './listPieces.css';

interface CountBadgeProps {
  count: number;
  testId?: string;
}

/** A pill with a number, set beside a heading; its text is the bare number so tests and readers agree. */
export function CountBadge({ count, testId }: CountBadgeProps) {
  return (
    <span className="count-badge" data-testid={testId}>
      {count}
    </span>
  );
}
