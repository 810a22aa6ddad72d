import { Sidebar } from 'primereact/sidebar';
import type { ReactNode } from 'react';
import './detailSidebar.css';

interface DetailSidebarProps {
  isVisible: boolean;
  /** Id of the heading inside that names the sidebar. */
  labelledBy: string;
  closeLabel: string;
  onHide: () => void;
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
  testId,
  children,
}: DetailSidebarProps) {
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
