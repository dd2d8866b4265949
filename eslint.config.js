import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The core is shared by workers, server, CLI and tests: no DOM, React, storage, network or Node.
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'stream', 'zlib', 'child_process'], message: 'src/core must not use Node built-ins.' },
            { group: ['react', 'react-dom', 'react-router', 'dexie', 'pouchdb*', 'express'], message: 'src/core is pure: no UI, storage or server libraries.' },
            { group: ['**/client/**', '**/app/**', '**/site/**', '**/ui/**', '**/server/**', '**/cli/**'], message: 'src/core imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
  {
    // Retention reads auth's records; auth reaches retention only through the onAccountClosed hook
    // that server/app.ts wires (an import here closed a ten-file loop once).
    files: ['server/auth/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/retention', '**/retention/**'], message: 'server/auth must not import server/retention: use the onAccountClosed hook (AuthDeps).' }] }],
    },
  },
  {
    // The store (and its id conventions, store/ids.ts) is the floor every feature stands on.
    files: ['server/store/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../*', '../**'], message: 'server/store imports no feature: features import the store.' }] }],
    },
  },
);
