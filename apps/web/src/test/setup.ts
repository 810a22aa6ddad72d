import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages load lazily through the real router; on a busy CI machine the first render of a route can take
// well over Testing Library's default 1 s, which made `findBy…` flaky without anything being wrong.
configure({ asyncUtilTimeout: 8000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// PrimeReact overlays ask matchMedia about the viewport: a test DOM without one gets an answer that matches nothing.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
