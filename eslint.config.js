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
            { group: ['react', 'react-dom', 'react-router', 'dexie', 'pouchdb*', 'express', 'comlink', 'zustand'], message: 'src/core is pure: no UI, storage, worker or server libraries.' },
            { group: ['**/client/**', '**/local/**', '**/app/**', '**/site/**', '**/ui/**', '**/pwa/**', '**/server/**', '**/cli/**', '**/workers/**'], message: 'src/core imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
  {
    // The device's backend, run in the data worker: src/core and storage libraries, never the page.
    files: ['src/local/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'zustand', 'zustand/*'], message: 'src/local runs in a worker: no UI libraries.' },
            { group: ['**/client/**', '**/app/**', '**/site/**', '**/ui/**', '**/pwa/**', '**/server/**', '**/cli/**', '**/workers/**'], message: 'src/local imports src/core and storage libraries only (DESIGN.md "Layout").' },
          ],
        },
      ],
    },
  },
  {
    // Worker entries are thin shells: a Comlink.expose over src/core or src/local.
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'zustand', 'zustand/*', 'dexie', 'pouchdb*'], message: 'A worker imports src/core, src/local and comlink only: put the work in src/local.' },
            { group: ['**/src/client/**', '**/src/app/**', '**/src/site/**', '**/src/ui/**', '**/src/pwa/**', '**/server/**', '**/src/cli/**'], message: 'A worker imports src/core, src/local and comlink only.' },
          ],
        },
      ],
    },
  },
  {
    // Pages and the page's services reach the workers only through src/client's proxies, and know
    // what the workers answer only from src/local/contracts.ts.
    files: ['src/app/**/*.{ts,tsx}', 'src/site/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/pwa/**/*.{ts,tsx}', 'src/client/**/*.ts', 'src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/workers/**'], message: 'Pages never import a worker entry: import its types from src/local/contracts.ts and start it through src/client.' },
            { group: ['**/local/**', '!**/local/contracts'], message: 'Pages import src/local/contracts.ts only: the rest of src/local runs in the data worker.' },
            { group: ['dexie', 'pouchdb*'], message: 'Storage runs in the data worker (src/local), not on the page.' },
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
