import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'gpkg-diff', environment: 'node', include: ['src/**/*.test.ts'] },
});
