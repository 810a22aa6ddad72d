import type { ReactNode } from 'react';
import './listPieces.css';

interface EmptyStateProps {
  illustration?: ReactNode;
  title: string;
  text?: string;
  /** Buttons or links offered as the next step. */
  children?: ReactNode;
  testId?: string;
}

/** What a list shows when there is nothing in it: a picture, one sentence, maybe a way forward. */
export function EmptyState({ illustration, title, text, children, testId }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      {illustration}
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {children && <div className="empty-state__actions">{children}</div>}
    </div>
  );
}
