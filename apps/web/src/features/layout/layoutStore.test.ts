import { act, renderHook } from '@testing-library/react';
import { CLOSED_ELEMENTS_STORAGE_KEY } from '@waymark/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useClosableElement } from './hooks/useClosableElement.ts';
import { useDrawerAutoToggle } from './hooks/useDrawerAutoToggle.ts';
import { isUnderBreakpoint, useLayoutStore } from './layoutStore.ts';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('drawer rule', () => {
  const initialState = useLayoutStore.getState();
  beforeEach(() => useLayoutStore.setState(initialState, true));
  afterEach(() => resizeTo(1024));

  it('puts the breakpoint at 1200 px: wider is desktop, 1200 itself is narrow', () => {
    expect(isUnderBreakpoint(1201)).toBe(false);
    expect(isUnderBreakpoint(1200)).toBe(true);
    expect(isUnderBreakpoint(800)).toBe(true);
  });

  it('opens the drawer above 1200 px and closes it otherwise', () => {
    const { updateForWidth } = useLayoutStore.getState();
    updateForWidth(1201);
    expect(useLayoutStore.getState()).toMatchObject({ drawer: true, isUnderOverlayBreakpoint: false });
    updateForWidth(1200);
    expect(useLayoutStore.getState()).toMatchObject({ drawer: false, isUnderOverlayBreakpoint: true });
  });

  it('is re-evaluated on window resize', () => {
    resizeTo(1400);
    const { unmount } = renderHook(() => useDrawerAutoToggle());
    expect(useLayoutStore.getState().drawer).toBe(true);
    act(() => resizeTo(900));
    expect(useLayoutStore.getState()).toMatchObject({ drawer: false, isUnderOverlayBreakpoint: true });
    act(() => resizeTo(1300));
    expect(useLayoutStore.getState()).toMatchObject({ drawer: true, isUnderOverlayBreakpoint: false });
    unmount();
    act(() => resizeTo(900));
    expect(useLayoutStore.getState().drawer).toBe(true);
  });

  it('ignores resize events that do not change the width', () => {
    resizeTo(900);
    renderHook(() => useDrawerAutoToggle());
    act(() => useLayoutStore.getState().setDrawer(true));
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(useLayoutStore.getState().drawer).toBe(true);
  });

  it('toggles', () => {
    useLayoutStore.getState().setDrawer(false);
    useLayoutStore.getState().toggleDrawer();
    expect(useLayoutStore.getState().drawer).toBe(true);
  });
});

describe('closable elements', () => {
  beforeEach(() => useLayoutStore.setState({ closedElements: [] }));

  it('stay closed and are remembered in localStorage', () => {
    const { result } = renderHook(() => useClosableElement('storage-warning'));
    expect(result.current.isClosed).toBe(false);
    act(() => result.current.close());
    expect(result.current.isClosed).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(CLOSED_ELEMENTS_STORAGE_KEY) ?? '[]')).toEqual([
      'storage-warning',
    ]);
  });

  it('keep ids closed elsewhere when closing another one', () => {
    window.localStorage.setItem(CLOSED_ELEMENTS_STORAGE_KEY, JSON.stringify(['mobile-footer']));
    useLayoutStore.getState().closeElement('storage-warning');
    expect(useLayoutStore.getState().closedElements).toEqual(['mobile-footer', 'storage-warning']);
  });
});
