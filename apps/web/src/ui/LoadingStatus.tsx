import { ProgressSpinner } from 'primereact/progressspinner';
import type { ReactNode } from 'react';

interface LoadingStatusProps {
  /** What is loading, told to screen readers only: the spinner is hidden from them. */
  label: string;
  /** The box's class: where the spinner sits is the caller's layout. */
  className?: string;
  testId?: string;
  /** The spinner's width and height (a CSS length). */
  size?: string;
  /** Shown before the spinner, e.g. the app's mark while it starts. */
  children?: ReactNode;
}

/** A part of the page is loading: a spinner, and a status that says what to screen readers. */
export function LoadingStatus({ label, className, testId, size = '2rem', children }: LoadingStatusProps) {
  return (
    <div className={className} role="status" aria-live="polite" data-testid={testId}>
      {children}
      <ProgressSpinner aria-hidden="true" style={{ width: size, height: size }} strokeWidth="4" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
