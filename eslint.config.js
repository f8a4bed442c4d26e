// @ts-check
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import tseslint from 'typescript-eslint';
import acm from './scripts/eslint/wing-direction.js';

/** Ambient time, randomness and I/O that core may only touch in src/runtime/ (and src/testing/). */
const impureGlobals = [
  'process',
  'console',
  'crypto',
  'fetch',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'performance',
  'globalThis',
  'require',
].map((name) => ({
  name,
  message: `@acm/core is pure: inject ${name} through an option (defaults live in src/runtime/).`,
}));

const nodeModules = [
  'fs',
  'fs/promises',
  'path',
  'os',
  'net',
  'http',
  'https',
  'child_process',
  'crypto',
  'zlib',
  'module',
  'url',
  'worker_threads',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/*.config.ts',
      '**/*.config.js',
      'vitest.shared.ts',
      'tsup.shared.ts',
      'scripts/**',
      '.ci/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
      // Packages talk to each other through public entry points only.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@acm/[^/]+/(src|dist)(/|$)',
              message: 'Import another package through its public entry point.',
            },
            {
              regex:
                '^(\\.\\./)+(packages/)?(core|langchain|ai-sdk|agent|store-[a-z]+|cli)/',
              message: 'Import another package by its name, not by path.',
            },
          ],
        },
      ],
    },
  },
  {
    // @acm/core's wings: imports only go down the ladder (docs/guides/architecture.md).
    // Tests and fixtures may use any wing (the test kit above all).
    files: ['packages/core/src/**/*.ts'],
    ignores: [
      'packages/core/src/**/*.test.ts',
      'packages/core/src/**/*.test-d.ts',
      'packages/core/src/**/__fixtures__/**',
    ],
    plugins: { acm },
    rules: { 'acm/wing-direction': 'error' },
  },
  {
    // Purity of @acm/core outside its runtime and testing folders.
    files: ['packages/core/src/**/*.ts'],
    ignores: [
      'packages/core/src/runtime/**',
      'packages/core/src/testing/**',
      // The public barrel re-exports the runtime defaults; it runs nothing itself.
      'packages/core/src/index.ts',
      'packages/core/src/**/*.test.ts',
      'packages/core/src/**/*.test-d.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', ...impureGlobals],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Inject a Clock.' },
        {
          object: 'Math',
          property: 'random',
          message: 'Inject an id generator.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date']",
          message: 'Inject a Clock.',
        },
        {
          selector: 'ImportExpression',
          message: 'No dynamic import in pure core.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules.flatMap((name) => [
            { name, message: 'No I/O in pure core.' },
            { name: `node:${name}`, message: 'No I/O in pure core.' },
          ]),
          patterns: [
            {
              // Runtime defaults may be imported (as option defaults, STYLE §5); the test kit may not.
              regex: '(^|/)testing(/|$)',
              message: 'Pure core may not import src/testing.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/consistent-test-it': ['error', { fn: 'it' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Benchmarks and runnable examples print their figures.
    files: ['bench/**/*.ts', 'examples/*/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
