import { describe, expect, it } from 'vitest';
import { getDocumentTitle, getRouteBreadcrumbs, isPublicRoute } from './routeHandle.ts';

describe('isPublicRoute', () => {
  it('is private by default', () => {
    expect(isPublicRoute([])).toBe(false);
    expect(isPublicRoute([undefined, {}])).toBe(false);
  });

  it('inherits the nearest flag', () => {
    expect(isPublicRoute([{ public: true }, {}])).toBe(true);
    expect(isPublicRoute([{ public: true }, { public: false }, {}])).toBe(false);
  });
});

describe('getRouteBreadcrumbs', () => {
  it("joins parents' and own entries, resolving params", () => {
    const matches = [
      { handle: undefined, params: {} },
      { handle: { breadcrumb: [{ title: 'Projects', path: '/projects' }] }, params: {} },
      {
        handle: {
          breadcrumb: (params: Record<string, string | undefined>) => [
            { title: params.ns ?? '', path: '/p' },
          ],
        },
        params: { ns: 'survey-team' },
      },
    ];
    expect(getRouteBreadcrumbs(matches)).toEqual([
      { title: 'Projects', path: '/projects' },
      { title: 'survey-team', path: '/p' },
    ]);
  });
});

describe('getDocumentTitle', () => {
  it('uses the deepest title', () => {
    expect(
      getDocumentTitle([
        { handle: { title: 'Projects' }, params: {} },
        { handle: {}, params: {} },
      ]),
    ).toBe('Projects · Waymark');
    expect(getDocumentTitle([])).toBe('Waymark');
  });
});
