import { describe, expect, it } from 'vitest';
import { shouldRerunGuards } from './guardLoader.ts';

type Args = Parameters<typeof shouldRerunGuards>[0];

function rerun(from: string, to: string): boolean {
  const args = {
    currentUrl: new URL(from, 'http://app'),
    nextUrl: new URL(to, 'http://app'),
  } as Partial<Args> as Args;
  return shouldRerunGuards(args);
}

describe('shouldRerunGuards', () => {
  it('runs the guards again for another path, and for a revalidation of the same address', () => {
    expect(rerun('/dashboard', '/admin')).toBe(true);
    expect(rerun('/profile', '/login?redirect=/profile')).toBe(true);
    expect(rerun('/profile', '/profile')).toBe(true);
  });

  it('leaves them be when only the query changes', () => {
    expect(rerun('/projects', '/projects?page=2')).toBe(false);
  });
});
