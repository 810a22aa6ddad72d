import { CLOSED_ELEMENTS_STORAGE_KEY, OVERLAY_BREAKPOINT } from '@waymark/contract';
import { create } from 'zustand';
import { readStoredJson, writeStoredJson } from '../../lib/storage.ts';

export interface BreadcrumbEntry {
  title: string;
  path: string;
}

interface LayoutState {
  overlayBreakpoint: number;
  /** Whether the sidebar drawer is open. */
  drawer: boolean;
  /** At or below the breakpoint the sidebar flies over the content instead of pushing it aside. */
  isUnderOverlayBreakpoint: boolean;
  /** Ids of elements the user closed for good (persisted in localStorage). */
  closedElements: string[];
  /** Breadcrumbs set by a page; `null` means "derive them from the matched routes". */
  breadcrumbs: BreadcrumbEntry[] | null;
  setDrawer: (isOpen: boolean) => void;
  toggleDrawer: () => void;
  /** Re-evaluates the drawer for a window width (SPEC §2: open above 1200 px, closed otherwise). */
  updateForWidth: (width: number) => void;
  closeElement: (id: string) => void;
  setBreadcrumbs: (entries: BreadcrumbEntry[] | null) => void;
}

/** SPEC §2: "wider than 1200 px" is the desktop layout; 1200 px itself is already narrow. */
export function isUnderBreakpoint(width: number, breakpoint = OVERLAY_BREAKPOINT): boolean {
  return width <= breakpoint;
}

function readClosedElements(): string[] {
  const stored = readStoredJson(CLOSED_ELEMENTS_STORAGE_KEY);
  return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
}

function initialWidth(): number {
  return typeof window === 'undefined' ? OVERLAY_BREAKPOINT + 1 : window.innerWidth;
}

/** Layout state of the shell (SPEC §3 "Layout state"). */
export const useLayoutStore = create<LayoutState>()((set, get) => {
  const isUnder = isUnderBreakpoint(initialWidth());
  return {
    overlayBreakpoint: OVERLAY_BREAKPOINT,
    drawer: !isUnder,
    isUnderOverlayBreakpoint: isUnder,
    closedElements: readClosedElements(),
    breadcrumbs: null,
    setDrawer: (isOpen) => set({ drawer: isOpen }),
    toggleDrawer: () => set({ drawer: !get().drawer }),
    updateForWidth: (width) => {
      const isUnderNow = isUnderBreakpoint(width, get().overlayBreakpoint);
      set({ isUnderOverlayBreakpoint: isUnderNow, drawer: !isUnderNow });
    },
    closeElement: (id) => {
      // Merge with what is stored, so elements closed in another tab are not forgotten.
      const stored = readClosedElements();
      const merged = Array.from(new Set([...stored, ...get().closedElements, id]));
      writeStoredJson(CLOSED_ELEMENTS_STORAGE_KEY, merged);
      set({ closedElements: merged });
    },
    setBreadcrumbs: (entries) => set({ breadcrumbs: entries }),
  };
});
