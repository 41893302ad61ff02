import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js';
import { layerImports } from './scripts/eslint/layer-imports.js';

/** The project's own lint rules (scripts/eslint). */
const yardkeep = {
  rules: { 'feature-boundaries': featureBoundaries, 'layer-imports': layerImports },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      '.test-output/**',
      '.scratch/**',
      'examples/yardkeep-api.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // common/ runs in the browser and in Node: it may import only zod and itself.
    files: ['src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['../server/*', '../web/*', '../../server/*', '../../web/*', 'node:*'] },
      ],
    },
  },
  {
    // `npm start` runs the server on Node's type stripping: only syntax that erases to
    // JavaScript may be used there (no parameter properties, enums or namespaces).
    files: ['src/server/**/*.ts', 'src/common/**/*.ts'],
    rules: {
      '@typescript-eslint/parameter-properties': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Node type stripping refuses enums.' },
        {
          selector: 'TSModuleDeclaration[kind!="global"][declare!=true]',
          message: 'Node type stripping refuses namespaces.',
        },
      ],
    },
  },
  {
    // Lint zones: a feature reaches another only through its public (top-level) files.
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { yardkeep },
    rules: { 'yardkeep/feature-boundaries': 'error' },
  },
  {
    // The web app never reaches into server code.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }],
    },
  },
  {
    // lib/ is the plumbing below components, features and pages: it never imports them.
    files: ['src/web/lib/**/*.{ts,tsx}'],
    plugins: { yardkeep },
    rules: {
      'yardkeep/layer-imports': [
        'error',
        {
          from: 'src/web/lib',
          forbidden: ['src/web/components', 'src/web/features', 'src/web/app'],
        },
      ],
    },
  },
  {
    // Plain Node scripts (npm start, npm test, the build helpers).
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
