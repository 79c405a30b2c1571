import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The house rules of ARCHITECTURE.md as lint errors: data flows generated → src/api → src/shared →
// src/features → src/app and never back; a feature never imports another feature; no import cycles;
// only src/api configures the generated client or calls fetch; only a feature's api module
// (`api.ts` or `api/<resource>.ts`) touches the generated SDK, options, types and schemas.

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  { target: './src/api', from: ['./src/shared', './src/features', './src/app'], message: 'src/api is the ground floor: it imports only generated/.' },
  { target: './src/shared', from: ['./src/features', './src/app'], message: 'src/shared must not depend on features or the app shell.' },
  { target: './src/features', from: './src/app', message: 'Features must not import the app shell; the app composes features.' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/shared, or compose them in src/app.',
  })),
];

// One wiring point (ARCHITECTURE): src/app reaches a feature only through its face,
// src/features/<name>/index.ts, which says what loads when; tests may look inside.
const FACES_ONLY = {
  target: './src/app',
  from: './src/features',
  except: features.map((feature) => `./${feature}/index.ts`),
  message: "src/app imports a feature only through its face (src/features/<name>/index.ts): export what the app needs there, or a loader for it.",
};
const NO_DYNAMIC_DEEP_FEATURE = {
  selector: "ImportExpression[source.value=/(^|\\/)features\\/[^/]+\\/(?!index\\.ts$)/]",
  message: FACES_ONLY.message,
};

const GENERATED_CLIENT = {
  group: ['**/generated/**/client.gen*', '**/generated/**/client/**'],
  message: 'Only src/api configures and uses the generated client; call the generated SDK through an api module.',
};
const GENERATED_ANY = {
  group: ['**/generated/**'],
  message: "Only src/api and a feature's api module (api.ts or api/<resource>.ts) import generated/; import from the api module.",
};
// Test kits and fixtures live in `testing/` folders (src/shared/testing, src/features/<name>/testing…),
// beside the tests that use them: production code never imports them.
const TEST_KITS = {
  regex: '(^|/)testing/',
  message: 'Test kits (testing/ folders) are for tests only: production code must not import them.',
};
// One icon set, chosen in one place: screens import icons from src/shared/ui/icons.tsx.
const ICON_SET = {
  group: ['lucide-react', 'lucide-react/*'],
  message: 'Import icons from src/shared/ui/icons.tsx (the one icon set), not from lucide-react.',
};
const NO_DYNAMIC_TEST_KITS = {
  selector: "ImportExpression[source.value=/(^|\\/)testing\\//]",
  message: TEST_KITS.message,
};
const RAW_FETCH_MESSAGE = 'Only src/api talks HTTP: use the generated SDK through an api module instead of fetch.';
const rawFetch = {
  'no-restricted-globals': ['error', { name: 'fetch', message: RAW_FETCH_MESSAGE }],
  'no-restricted-properties': [
    'error',
    ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: RAW_FETCH_MESSAGE })),
  ],
};

const API_MODULES = ['src/features/*/api.ts', 'src/features/*/api/**/*.ts'];

const NO_INNER_HTML = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Render rich HTML only through src/shared/safe-html.',
};
// no-restricted-imports does not see import(): the same rule for dynamic imports.
const NO_DYNAMIC_GENERATED = {
  selector: "ImportExpression[source.value=/(^|\\/)generated\\//]",
  message: GENERATED_ANY.message,
};

export default tseslint.config(
  { ignores: ['generated/**', 'dist/**', 'dist-*/**', 'docs-dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'native/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] }, 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...rawFetch,
      'no-restricted-syntax': ['error', NO_INNER_HTML, NO_DYNAMIC_GENERATED, NO_DYNAMIC_TEST_KITS],
      'no-restricted-imports': ['error', { patterns: [GENERATED_ANY, TEST_KITS, ICON_SET] }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', NO_INNER_HTML, NO_DYNAMIC_GENERATED, NO_DYNAMIC_TEST_KITS, NO_DYNAMIC_DEEP_FEATURE],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, FACES_ONLY] }],
    },
  },
  {
    files: API_MODULES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [GENERATED_CLIENT, TEST_KITS] }],
      'no-restricted-syntax': ['error', NO_INNER_HTML, NO_DYNAMIC_TEST_KITS],
    },
  },
  {
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [TEST_KITS] }],
      'no-restricted-globals': 'off',
      'no-restricted-properties': 'off',
      'no-restricted-syntax': ['error', NO_INNER_HTML, NO_DYNAMIC_TEST_KITS],
    },
  },
  {
    // Tests and their kits may stub the global fetch, read generated schemas to build fixtures and import kits.
    files: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    rules: {
      'no-restricted-imports': 'off',
      'no-restricted-globals': 'off',
      'no-restricted-properties': 'off',
      'no-restricted-syntax': ['error', NO_INNER_HTML],
    },
  },
  {
    files: ['src/shared/ui/icons.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [GENERATED_ANY, TEST_KITS] }] },
  },
  {
    files: ['src/shared/safe-html/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
