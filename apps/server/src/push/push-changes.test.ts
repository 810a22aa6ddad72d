import { randomUUID } from 'node:crypto';
import { PUSH_TEXTS, type PushChanges } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { declaredDiffPaths, validatePushChanges } from './push-changes.ts';

const diffUpdate = (path: string, diffPath: string) => ({
  path,
  checksum: 'a'.repeat(40),
  size: 4096,
  chunks: [randomUUID()],
  diff: { path: diffPath, checksum: 'b'.repeat(40), size: 100 },
});

describe('validatePushChanges', () => {
  const current = new Set(['a.gpkg', 'b.gpkg']);

  it('refuses a push naming one diff for two files: the name is the diff’s id for later downloads', () => {
    const changes = {
      added: [],
      updated: [diffUpdate('a.gpkg', 'same-diff'), diffUpdate('b.gpkg', 'same-diff')],
      removed: [],
    } as PushChanges;
    expect(() => validatePushChanges(changes, current)).toThrow(PUSH_TEXTS.notUnique);
  });

  it('lists the diff names of a push with distinct ones', () => {
    const changes = {
      added: [],
      updated: [diffUpdate('a.gpkg', 'a-diff'), diffUpdate('b.gpkg', 'b-diff')],
      removed: [],
    } as PushChanges;
    expect(declaredDiffPaths(validatePushChanges(changes, current))).toEqual(['a-diff', 'b-diff']);
  });
});
