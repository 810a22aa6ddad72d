import { Tooltip } from 'primereact/tooltip';
import { useState } from 'react';
import './listPieces.css';

interface IconHintProps {
  /** A primeicons class, e.g. `pi pi-exclamation-triangle`. */
  icon: string;
  /** Shown in the tooltip and read out as the icon's name. */
  text: string;
  tone?: 'warn' | 'danger' | 'muted';
  testId?: string;
}

/** A small icon explaining itself in a tooltip on hover; screen readers get the text as its name. */
export function IconHint({ icon, text, tone = 'warn', testId }: IconHintProps) {
  // Kept in state, not a ref: the tooltip binds to its target when it renders with it.
  const [target, setTarget] = useState<HTMLSpanElement | null>(null);
  return (
    <>
      <span
        ref={setTarget}
        className={`icon-hint icon-hint--${tone}`}
        role="img"
        aria-label={text}
        data-testid={testId}
      >
        <i className={icon} aria-hidden="true" />
      </span>
      <Tooltip target={target ?? undefined} content={text} position="top" />
    </>
  );
}
