import { Sidebar } from 'primereact/sidebar';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import './detailSidebar.css';

interface DetailSidebarProps {
  isVisible: boolean;
  /** Id of the heading inside that names the sidebar. */
  labelledBy: string;
  closeLabel: string;
  onHide: () => void;
  /**
   * The `data-focus-key` of the row that opens this panel: focus goes back to it on closing (Escape, the close
   * button), when what had focus before the panel opened is gone or was the page itself (a click on the row).
   */
  focusKey?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * The right-hand detail panel of a file or a version (SPEC §2 sidebars): PrimeReact's Sidebar, modal,
 * at most 30rem wide, named by its heading.
 */
export function DetailSidebar({
  isVisible,
  labelledBy,
  closeLabel,
  onHide,
  focusKey,
  testId,
  children,
}: DetailSidebarProps) {
  const openerRef = useRef<Element | null>(null);
  const focusKeyRef = useRef(focusKey);

  useLayoutEffect(() => {
    // The key outlives the panel: the address that named the row is gone by the time it closes.
    if (focusKey) focusKeyRef.current = focusKey;
  }, [focusKey]);

  useLayoutEffect(() => {
    if (isVisible) {
      openerRef.current = document.activeElement;
      return;
    }
    const opener = openerRef.current;
    openerRef.current = null;
    const key = focusKeyRef.current;
    const target =
      opener instanceof HTMLElement && opener.isConnected && opener !== document.body
        ? opener
        : key
          ? Array.from(document.querySelectorAll<HTMLElement>('[data-focus-key]')).find(
              (element) => element.dataset.focusKey === key,
            )
          : undefined;
    target?.focus();
  }, [isVisible]);

  return (
    <Sidebar
      visible={isVisible}
      position="right"
      onHide={onHide}
      className="detail-sidebar"
      ariaCloseLabel={closeLabel}
      aria-labelledby={labelledBy}
      blockScroll
      data-testid={testId}
    >
      {children}
    </Sidebar>
  );
}
