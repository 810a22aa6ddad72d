import { describe, expect, it } from 'vitest';
import { getProjectWarnings, isNamespaceMissing, isPublicBadgeShown } from './projectRules.ts';
import { tProjects } from '../../i18n/projects.ts';

const access = (isPublic: boolean) => ({
  public: isPublic,
  owners: [],
  writers: [],
  editors: [],
  readers: [],
  ownersnames: [],
  writersnames: [],
  editorsnames: [],
  readersnames: [],
});

describe('getProjectWarnings', () => {
  it('warns about a missing QGIS project file when the valid_qgis tag is absent', () => {
    expect(getProjectWarnings({ tags: [], has_conflict: false })).toEqual([
      { kind: 'missing-qgis', text: tProjects('list.missingQgis') },
    ]);
    expect(getProjectWarnings({ tags: ['mappin', 'input_use'], has_conflict: false })).toHaveLength(1);
  });

  it('warns about conflicting files', () => {
    expect(getProjectWarnings({ tags: ['valid_qgis'], has_conflict: true })).toEqual([
      { kind: 'conflict', text: tProjects('list.conflict') },
    ]);
  });

  it('has nothing to say about a healthy project, and both warnings when both apply', () => {
    expect(getProjectWarnings({ tags: ['valid_qgis'], has_conflict: false })).toEqual([]);
    expect(getProjectWarnings({ tags: [], has_conflict: true }).map((warning) => warning.kind)).toEqual([
      'missing-qgis',
      'conflict',
    ]);
  });
});

describe('isPublicBadgeShown', () => {
  it('marks public projects only in lists not restricted to public projects', () => {
    expect(isPublicBadgeShown({ access: access(true) }, false)).toBe(true);
    expect(isPublicBadgeShown({ access: access(true) }, true)).toBe(false);
    expect(isPublicBadgeShown({ access: access(false) }, false)).toBe(false);
  });
});

describe('isNamespaceMissing', () => {
  it("never calls one of the user's workspaces missing", () => {
    expect(isNamespaceMissing({ isOwnWorkspace: true, search: '', count: 0 })).toBe(false);
  });

  it('calls another namespace missing when it shows no project at all', () => {
    expect(isNamespaceMissing({ isOwnWorkspace: false, search: '', count: 0 })).toBe(true);
    expect(isNamespaceMissing({ isOwnWorkspace: false, search: '', count: 2 })).toBe(false);
  });

  it('does not decide while loading or while a search narrows the list', () => {
    expect(isNamespaceMissing({ isOwnWorkspace: false, search: '', count: undefined })).toBe(false);
    expect(isNamespaceMissing({ isOwnWorkspace: false, search: 'tre', count: 0 })).toBe(false);
  });
});
