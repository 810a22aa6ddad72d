import { describe, expect, it } from 'vitest';
import { buildProjectListParams, DEFAULT_PROJECT_SORT, toOrderParam } from './projectListParams.ts';

describe('toOrderParam', () => {
  it('adds the direction to the field', () => {
    expect(toOrderParam({ sortBy: 'name', sortDesc: false })).toBe('name_asc');
    expect(toOrderParam({ sortBy: 'name', sortDesc: true })).toBe('name_desc');
    expect(toOrderParam(DEFAULT_PROJECT_SORT)).toBe('updated_desc');
  });

  it('maps meta.size to disk_usage and owner to namespace (SPEC §7)', () => {
    expect(toOrderParam({ sortBy: 'meta.size', sortDesc: true })).toBe('disk_usage_desc');
    expect(toOrderParam({ sortBy: 'owner', sortDesc: false })).toBe('namespace_asc');
  });
});

describe('buildProjectListParams', () => {
  it('sends the page, page size, sort and the trimmed search', () => {
    expect(
      buildProjectListParams({ page: 2, perPage: 25, sort: DEFAULT_PROJECT_SORT, search: '  trees ' }),
    ).toEqual({ page: 2, per_page: 25, order_params: 'updated_desc', name: 'trees' });
  });

  it('leaves out a blank search and filters that are off', () => {
    expect(buildProjectListParams({ page: 1, perPage: 5, search: '   ' })).toEqual({ page: 1, per_page: 5 });
  });

  it('maps the list filters to their query parameters', () => {
    expect(
      buildProjectListParams({
        page: 1,
        perPage: 25,
        namespace: 'field-team',
        excludePublic: true,
        onlyPublic: true,
        flag: 'shared',
      }),
    ).toEqual({
      page: 1,
      per_page: 25,
      only_namespace: 'field-team',
      public: false,
      only_public: true,
      flag: 'shared',
    });
  });
});
