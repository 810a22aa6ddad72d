import type { ReactNode } from 'react';
import { useClosableElement } from '../hooks/useClosableElement.ts';

interface ClosableElementProps {
  /** Stable id under which the closed state is remembered. */
  id: string;
  /** Renders the element; call `close` from its close button. */
  children: (close: () => void) => ReactNode;
}

/** Renders its content until the user closes it, then never again on this browser (SPEC §2). */
export function ClosableElement({ id, children }: ClosableElementProps) {
  const { isClosed, close } = useClosableElement(id);
  return isClosed ? null : children(close);
}
