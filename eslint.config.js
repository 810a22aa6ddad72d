import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A relative import reaching into one of these folders (any depth, `.ts` extension or not). */
const folders = (...names) => `^\\.{1,2}/(.*/)?(${names.join('|')})/`;

/**
 * The layer rules of docs/decisions/001-layers.md: each entry forbids the files matched by `files` to import from the
 * named folders. A violation fails `npm run lint` with the rule's reason.
 */
const LAYER_RULES = [
  {
    files: ['apps/web/src/ui/**'],
    forbidden: ['features', 'pages', 'app'],
    why: 'ui/ holds generic pieces: it never imports features, pages or the app shell.',
  },
  {
    files: ['apps/web/src/features/**'],
    forbidden: ['pages', 'app'],
    why: 'features never import pages or the app shell; pages compose features, not the other way round.',
  },
  {
    files: ['apps/server/src/routes/**'],
    forbidden: ['repositories', 'db', 'storage', 'presenters'],
    why: 'routes call services (through AppContext), which read the bytes and present the answers (docs/decisions/); routes never reach repositories, the database, storage or presenters.',
  },
  {
    files: ['apps/server/src/services/**'],
    forbidden: ['routes', 'plugins', 'db'],
    why: 'services are the domain: no HTTP, so they never import routes or plugins, and reach data only through repositories.',
  },
  {
    files: ['apps/server/src/repositories/**'],
    forbidden: ['services', 'policies', 'routes', 'plugins'],
    why: 'repositories only run SQL: they know no services, policies or routes.',
  },
  {
    files: ['apps/server/src/push/**'],
    forbidden: ['services', 'repositories', 'db', 'routes', 'plugins'],
    why: 'push/ holds the upload area, the rules of a push and the rebuilding of diff updates: the push service drives them, they reach no data or HTTP.',
  },
  {
    files: ['apps/server/src/changesets/**'],
    forbidden: ['services', 'repositories', 'db', 'routes', 'plugins'],
    why: 'changesets/ runs the GeoPackage engine on files it is given: services drive it, it reaches no data or HTTP.',
  },
  {
    files: ['apps/server/src/lib/**'],
    forbidden: [
      'services',
      'repositories',
      'db',
      'routes',
      'plugins',
      'presenters',
      'policies',
      'jobs',
      'mail',
      'push',
      'changesets',
      'storage',
    ],
    why: 'lib/ holds small helpers without knowledge of the app: it imports none of its layers.',
  },
  {
    files: ['apps/server/src/jobs/**'],
    forbidden: ['services', 'repositories', 'routes', 'plugins', 'presenters', 'mail'],
    why: 'jobs/ holds the queue (pg-boss and its own tables) and the job table, which reaches services only through AppContext; services and mail import the job names from it, never the other way round.',
  },
  {
    files: ['apps/server/src/mail/**'],
    forbidden: ['services', 'repositories', 'db', 'routes', 'plugins', 'presenters', 'policies'],
    why: 'mail/ renders and sends mails it is given (through the job queue): services decide who gets which mail.',
  },
  {
    files: ['apps/server/src/presenters/**'],
    forbidden: ['services', 'db', 'routes', 'plugins', 'mail', 'storage'],
    why: 'presenters turn rows and facts into wire shapes: services call them (docs/decisions), they load nothing.',
  },
  {
    files: ['apps/server/src/policies/**'],
    forbidden: ['repositories', 'db', 'services', 'routes'],
    why: 'policies decide from facts they are given: they never load data themselves.',
  },
];

/**
 * ESLint runs the rules that need no types; the two that do (promises left floating or passed where a void callback
 * is expected) run in oxlint's type-aware mode (`.oxlintrc.json`, on TypeScript 7's checker), which does in ~30 s of
 * CPU what typed linting here did in ~100: `npm run lint` runs both.
 */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-test/**',
      '**/dist-old/**',
      '**/node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'e2e/artifacts/**',
      'apps/server/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Files that fit in a head (issue 24 §4): a source file longer than this is split along its seams. Tests, their
    // fixtures and data tables are exempt (a suite reads best whole).
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/test/**', '**/testing/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  ...LAYER_RULES.map(({ files, forbidden, why }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: folders(...forbidden), message: `Layer rule: ${why}` }] },
      ],
    },
  })),
);
