import { useCallback } from 'react';
import { useLayoutStore } from '../layoutStore.ts';

export interface ClosableElement {
  isClosed: boolean;
  close: () => void;
}

/** An element that, once closed by the user, stays closed across visits (SPEC §2). */
export function useClosableElement(id: string): ClosableElement {
  const isClosed = useLayoutStore((state) => state.closedElements.includes(id));
  const closeElement = useLayoutStore((state) => state.closeElement);
  const close = useCallback(() => closeElement(id), [closeElement, id]);
  return { isClosed, close };
}
