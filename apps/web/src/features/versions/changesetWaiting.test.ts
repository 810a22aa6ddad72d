import { type ProjectVersionDetail } from '@waymark/contract';
import { CHANGESET_POLL_MAX } from '../../lib/constants.ts';
import { describe, expect, it } from 'vitest';
import { fileChangesetState, hasPendingChangesets, isPollingChangesets } from './changesetWaiting.ts';

const file = (path: string, change: 'added' | 'updated' | 'removed') => ({
  path,
  size: 10,
  checksum: 'c'.repeat(40),
  mtime: '2025-03-01T10:00:00Z',
  change,
});

function version(changesets: ProjectVersionDetail['changesets']): ProjectVersionDetail {
  return {
    name: 'v2',
    author: 'ada',
    created: '2025-03-01T10:00:00Z',
    project_name: 'survey',
    namespace: 'field-team',
    user_agent: null,
    project_size: 100,
    changes: {
      added: [file('new.gpkg', 'added'), file('notes.txt', 'added')],
      updated: [file('survey.gpkg', 'updated'), file('plan.qgz', 'updated')],
      removed: [file('old.sqlite', 'removed')],
    },
    changesets,
  };
}

describe('fileChangesetState', () => {
  it('waits only for edited GeoPackages the server has not listed yet', () => {
    const detail = version({});
    expect(fileChangesetState(detail, detail.changes.updated[0]!)).toEqual({ kind: 'pending' });
    expect(fileChangesetState(detail, detail.changes.updated[1]!)).toEqual({ kind: 'none' });
    expect(fileChangesetState(detail, detail.changes.added[0]!)).toEqual({ kind: 'none' });
    expect(fileChangesetState(detail, detail.changes.removed[0]!)).toEqual({ kind: 'none' });
    expect(hasPendingChangesets(detail)).toBe(true);
  });

  it('shows what the server listed: a summary or its error', () => {
    const summary = { summary: [{ table: 'trees', insert: 1, update: 0, delete: 0 }], size: 90 };
    const detail = version({ 'survey.gpkg': { error: 'schema changed', size: 0 }, 'new.gpkg': summary });
    expect(fileChangesetState(detail, detail.changes.updated[0]!)).toEqual({
      kind: 'error',
      error: 'schema changed',
    });
    expect(fileChangesetState(detail, detail.changes.added[0]!)).toEqual({
      kind: 'summary',
      changeset: summary,
    });
    expect(hasPendingChangesets(detail)).toBe(false);
  });
});

describe('isPollingChangesets', () => {
  it('asks again while changesets are pending, for a bounded number of answers', () => {
    const pending = version({});
    expect(isPollingChangesets({ data: pending, dataUpdateCount: 1 })).toBe(true);
    expect(isPollingChangesets({ data: pending, dataUpdateCount: CHANGESET_POLL_MAX })).toBe(true);
    expect(isPollingChangesets({ data: pending, dataUpdateCount: CHANGESET_POLL_MAX + 1 })).toBe(false);
    const done = version({ 'survey.gpkg': { summary: [], size: 0 } });
    expect(isPollingChangesets({ data: done, dataUpdateCount: 1 })).toBe(false);
    expect(isPollingChangesets({ data: undefined, dataUpdateCount: 0 })).toBe(false);
  });
});
