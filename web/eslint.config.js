// Lint rules for web/. Import boundaries (docs/style.md "Module boundaries") are enforced here so a
// tool, not a reviewer, catches a component reaching into pages or a browser module into node.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeOnly = {
  group: ['node:*'],
  message:
    'Only src/content/ and scripts/ may use Node modules; pages are rendered for the browser too.',
};

export default tseslint.config(
  { ignores: ['build/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/components/**', 'src/shell/**', 'src/islands/**', 'src/pages/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeOnly,
            {
              group: ['**/pages/*', '**/entry-*', '**/scripts/*'],
              message: 'Shared parts never import pages or entries.',
            },
            {
              group: ['**/content/load'],
              message: 'Components receive content as props; only entries and scripts load it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Island code runs on the browser runtime (vite.config.ts); pages are rendered by React.
    // Page-side code may name islands and their props, never import their code.
    files: [
      'src/components/**',
      'src/shell/**',
      'src/pages/**',
      'src/document.tsx',
      'src/entry-server.tsx',
      'scripts/**',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/islands/*'],
              allowTypeImports: true,
              message:
                'Islands run on the browser runtime; page code imports only their types (use `import type`).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/entry-client.tsx',
      'src/runtime/**',
      'src/content/variant.ts',
      'src/content/route-table.ts',
      'src/document.tsx',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [nodeOnly] }] },
  },
  {
    files: [
      'scripts/**',
      'vite.config.ts',
      'vitest.config.ts',
      'eslint.config.js',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
);
