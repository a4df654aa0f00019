// Flat ESLint config for the whole repository: strict TypeScript, no `any`.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      '.data/**',
      '**/*.d.ts',
      'test-results/**',
      '**/next-env.d.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': 'off',
    },
  },
  {
    // The pure core: no I/O, no clock, no Math.random.
    files: ['packages/engine/src/**/*.ts', 'packages/games/**/*.ts', 'packages/events/src/**/*.ts'],
    // Test files, and the vitest suites that read a game's scenario and test files from the tree, may do I/O.
    ignores: ['**/*.test.ts', 'packages/engine/src/testing/suites.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the match Rng: the core is deterministic.' },
        { object: 'Date', property: 'now', message: 'The core has no clock: the host stamps times.' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'crypto', 'http', 'net', 'pg', 'kysely', '@nats-io/*'] },
      ],
    },
  },
  {
    // No function over 150 lines, anywhere (issue 28): a reader goes from a rule or a command to one small function.
    // The last exceptions (71 files on 2026-11-26) were split on 2026-11-27; none is allowed back.
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
);
