import { describe, expect, it } from 'vitest';
import { accessRequestListQuerySchema } from './access-request.ts';
import { projectOrderParamsSchema } from './project.ts';
import { versionNameSchema } from './version-name.ts';

describe('projectOrderParamsSchema', () => {
  it('reads fields with directions, aliases and bare fields (descending), ignoring unknown ones', () => {
    expect(projectOrderParamsSchema.parse('name_asc, meta.size_desc,owner,bogus_asc')).toEqual([
      { field: 'name', descending: false },
      { field: 'disk_usage', descending: true },
      { field: 'namespace', descending: true },
    ]);
  });

  it('falls back to newest first', () => {
    expect(projectOrderParamsSchema.parse(undefined)).toEqual([{ field: 'updated', descending: true }]);
    expect(projectOrderParamsSchema.parse('bogus')).toEqual([{ field: 'updated', descending: true }]);
  });
});

describe('accessRequestListQuerySchema order_params', () => {
  it('needs a direction and falls back to the soonest expiry', () => {
    const parse = (order_params?: string) =>
      accessRequestListQuerySchema.parse({ order_params }).order_params;
    expect(parse('project_name_desc,expire_asc')).toEqual([
      { field: 'project_name', descending: true },
      { field: 'expire', descending: false },
    ]);
    expect(parse('expire')).toEqual([{ field: 'expire', descending: false }]);
    expect(parse()).toEqual([{ field: 'expire', descending: false }]);
  });
});

describe('versionNameSchema', () => {
  it('turns v-names into numbers and refuses anything else', () => {
    expect(versionNameSchema.parse('v0')).toBe(0);
    expect(versionNameSchema.parse('v42')).toBe(42);
    for (const bad of ['latest', '3', 'v', 'v-1', 'v1234567890', 'V3']) {
      expect(versionNameSchema.safeParse(bad).success).toBe(false);
    }
  });
});
