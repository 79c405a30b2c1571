import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['generated/**', 'dist/**', 'docs-dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Screens talk to the backend only through the generated SDK and query options.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the generated SDK (generated/http) instead of raw fetch.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render rich HTML only through src/shared/safe-html.',
        },
      ],
    },
  },
  {
    files: ['src/shared/safe-html/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
