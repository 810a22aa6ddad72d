import { useEffect } from 'react';
import { useLayoutStore } from '../layoutStore.ts';

/**
 * Keeps the drawer rule of SPEC §2 true while the window is resized. Only width changes count: mobile
 * browsers fire resize when their address bar slides, and that must not snap an open drawer shut.
 */
export function useDrawerAutoToggle(): void {
  const updateForWidth = useLayoutStore((state) => state.updateForWidth);
  useEffect(() => {
    let lastWidth = window.innerWidth;
    updateForWidth(lastWidth);
    const handleResize = () => {
      if (window.innerWidth === lastWidth) return;
      lastWidth = window.innerWidth;
      updateForWidth(lastWidth);
    };
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [updateForWidth]);
}
