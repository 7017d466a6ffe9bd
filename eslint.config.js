import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layer-imports.js';
import uiText from './eslint-rules/no-literal-ui-text.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'api/drizzle/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { layers },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'layers/layer-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The database is asynchronous (ADR 031): a forgotten await reads a Promise as a truthy value or
    // lets a write run after its answer. The type checker sees those; the linter asks it.
    files: ['api/**/*.ts'],
    // The layer rule's own test lints files that exist only in memory (api/src/<layer>/x.ts).
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['api/src/*/x.ts'] }, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Code loaded apart goes through lazyPart (pwa/src/components/LazyPart.tsx): React's own `lazy`
    // leaves a blank page when the code does not arrive (offline, a deploy in between).
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: ['pwa/src/components/LazyPart.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'react', importNames: ['lazy'], message: 'Use lazyPart from #pwa/components/LazyPart.tsx: a part whose code cannot load shows a notice with a retry.' }] }] },
  },
  {
    // All text from the catalogs (pwa/src/i18n): no literal user-facing string in components.
    files: ['pwa/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { 'ui-text': uiText },
    rules: { 'ui-text/no-literal-ui-text': 'error' },
  },
);
