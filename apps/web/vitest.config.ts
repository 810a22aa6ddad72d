import react from '@vitejs/plugin-react';
import { configDefaults, defineProject, type UserWorkspaceConfig } from 'vitest/config';

/**
 * The suites that replace a module with `vi.mock`: they run isolated (project `web-mocks`), as a mock must not leak
 * into, nor miss, the modules the other suites share.
 */
export const MOCKING_SUITES = ['src/features/versions/components/VersionChangesets.test.tsx'];

/**
 * The web suites. They run without isolation: one worker imports React, PrimeReact and the app once and sets up
 * its DOM once, then runs its files one after another (the setup file cleans the DOM and storage after each test);
 * per-file isolation cost more than the tests themselves. The DOM is happy-dom: the same 525 tests took half the CPU
 * of jsdom's (124 against 231 s for the web projects, the same hour and load).
 */
export const webProject: UserWorkspaceConfig = {
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...MOCKING_SUITES],
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
};

export default defineProject(webProject);
