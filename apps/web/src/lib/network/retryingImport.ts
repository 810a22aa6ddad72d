import { isServerAnswering, reportNetworkFailure, whenReachable } from './serverReachability.ts';

/** Style sheet links whose loading failed (their `sheet` is then an empty sheet, not null). */
const failedLinks = new WeakSet<EventTarget>();
if (typeof document !== 'undefined') {
  // 'error' does not bubble: listened to on the way down.
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLLinkElement) failedLinks.add(event.target);
    },
    true,
  );
}

/**
 * Style sheets of a chunk whose loading failed stay in the document, empty, and Vite's preloader will not add
 * them again: put fresh copies in their place, so a page loaded on a retry is styled. The copy's address differs
 * by a query (the CSS is the same), or the browser would hand it the failure it remembers for the address.
 */
function reloadFailedStyleSheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!failedLinks.has(link)) continue;
    const url = new URL(link.href);
    url.searchParams.set('retry', String(Date.now()));
    const copy = document.createElement('link');
    copy.rel = 'stylesheet';
    copy.crossOrigin = link.crossOrigin;
    copy.href = url.href;
    link.replaceWith(copy);
  }
}

/**
 * Loads a code chunk (a lazy page or dialog) and, when the server cannot be reached, waits for it to come back and
 * loads again, instead of failing the page: the app keeps its frame and the 'cannot reach the server' notice says
 * what is going on. A chunk the server itself cannot give (gone after an upgrade) still fails, after one retry.
 */
export async function retryingImport<T>(load: () => Promise<T>): Promise<T> {
  let hasRetriedWithServer = false;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!(await isServerAnswering())) {
        reportNetworkFailure();
        await whenReachable();
      } else if (hasRetriedWithServer) {
        throw error;
      } else {
        hasRetriedWithServer = true;
      }
      reloadFailedStyleSheets();
    }
  }
}
