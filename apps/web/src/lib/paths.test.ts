import { describe, expect, it } from 'vitest';
import { getSafeRedirect, loginPathWithRedirect, projectTreePath, withQuery } from './paths.ts';

describe('loginPathWithRedirect', () => {
  it('keeps a plain path readable', () => {
    expect(loginPathWithRedirect('/dashboard')).toBe('/login?redirect=/dashboard');
  });

  it('keeps the whole original path with its query inside one parameter', () => {
    const target = loginPathWithRedirect('/projects/ws/survey/tree?file_path=a b&x=1');
    expect(target).toBe('/login?redirect=/projects/ws/survey/tree?file_path%3Da%20b%26x%3D1');
    expect(new URL(target, 'http://host').searchParams.get('redirect')).toBe(
      '/projects/ws/survey/tree?file_path=a b&x=1',
    );
  });
});

describe('getSafeRedirect', () => {
  it('accepts in-app paths only', () => {
    expect(getSafeRedirect('/projects?x=1')).toBe('/projects?x=1');
    expect(getSafeRedirect('//evil.example')).toBeUndefined();
    expect(getSafeRedirect('https://evil.example')).toBeUndefined();
    expect(getSafeRedirect('/\\evil.example')).toBeUndefined();
    expect(getSafeRedirect(null)).toBeUndefined();
  });

  it('refuses control characters and backslashes anywhere, which URL parsing drops or reads as slashes', () => {
    // `/login?redirect=/%09/evil.example`: the tab goes, and `//evil.example` is another site.
    for (const unsafe of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r//evil.example',
      '/x\u0000',
      '/x\u007f',
      '/a\\b',
    ]) {
      expect(getSafeRedirect(unsafe), JSON.stringify(unsafe)).toBeUndefined();
    }
    expect(getSafeRedirect('/.//evil.example')).toBeUndefined();
    expect(getSafeRedirect(' /dashboard')).toBeUndefined();
    // Encoded characters are a path's own.
    expect(getSafeRedirect('/projects/ws/a%5Cb/tree?file_path=%09x')).toBe(
      '/projects/ws/a%5Cb/tree?file_path=%09x',
    );
  });
});

describe('path builders', () => {
  it('encode segments but keep folder separators', () => {
    expect(projectTreePath('my ws', 'survey', 'data/photos')).toBe(
      '/projects/my%20ws/survey/tree/data/photos',
    );
    expect(withQuery('/x', { a: 'b', c: undefined })).toBe('/x?a=b');
  });
});
