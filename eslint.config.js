import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './web/eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { sideline: featureBoundaries },
    rules: { 'sideline/feature-boundaries': 'error' },
  },
);
