import type { ReactNode } from 'react';
import './dialogAndNotice.css';

interface NoticeCardProps {
  /** A picture or an icon shown above the title. */
  illustration: ReactNode;
  title: string;
  text: ReactNode;
  /** Buttons or links offering a way on. */
  actions?: ReactNode;
  testId?: string;
}

/** A centred card that explains why a page cannot show what was asked for, and what to do next. */
export function NoticeCard({ illustration, title, text, actions, testId }: NoticeCardProps) {
  return (
    <section className="notice-card" role="status" aria-live="polite" data-testid={testId}>
      <div className="notice-card__illustration">{illustration}</div>
      <h1 className="notice-card__title">{title}</h1>
      <p className="notice-card__text">{text}</p>
      {actions && <div className="notice-card__actions">{actions}</div>}
    </section>
  );
}
