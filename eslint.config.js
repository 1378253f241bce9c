// Lint rules, including the import boundaries (docs/adr/012-server-modules-and-composition-root.md).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = {
  group: ['node:*'],
  message: 'Node built-ins are allowed only in src/server, bench and tests.',
};
const serverCode = {
  group: ['**/server/**', '**/server'],
  message: 'Browser and isomorphic code must not import the server.',
};
const browserCode = {
  group: ['**/islands/**', '**/clients/**'],
  message: 'Isomorphic code must not import browser code.',
};
const react = {
  group: ['react', 'react-dom', 'react-dom/*', 'react/*'],
  message: 'The template engine stays free of React: widgets come from a host-supplied renderer.',
};

// A module's files other than its index.ts are its own: others import its front door.
const FRONT_DOOR_MESSAGE =
  'Import another module through its front door (modules/<name>/index.ts), not its internal files.';
const moduleInternals = {
  regex: '(^|/)modules/[^/]+/(?!index\\.ts$).+',
  message: FRONT_DOOR_MESSAGE,
};
/** From a file `depth` folders inside its module: `../` that many times leaves the module. */
function otherModuleFrom(depth) {
  return {
    regex: `^${'\\.\\./'.repeat(depth)}[^./][^/]*/(?!index\\.ts$).+`,
    message: FRONT_DOOR_MESSAGE,
  };
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', '.ci/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      eqeqeq: ['error', 'smart'],
      // Fastify hooks and handlers are written async so a throw becomes the error response.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['src/shared/**'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, serverCode, browserCode, react] },
      ],
    },
  },
  {
    files: ['src/template/**'],
    ignores: ['src/template/**/*.test.ts', 'src/template/cli.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, serverCode, browserCode, react] },
      ],
    },
  },
  {
    files: ['src/islands/**', 'src/clients/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [nodeBuiltins, serverCode] }],
    },
  },
  {
    // The owner dashboard is its own browser app: it shares only src/shared with the rest.
    files: ['src/admin/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            serverCode,
            {
              group: ['**/islands/**', '**/clients/**'],
              message: 'The owner dashboard imports src/shared only, never storefront code.',
            },
          ],
        },
      ],
    },
  },
  // src/server: a module is used through its front door (modules/<name>/index.ts); http/ is
  // below the modules; render/ renders on the server and never imports browser-only clients/.
  {
    files: ['src/server/modules/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherModuleFrom(1)] }],
    },
  },
  {
    files: ['src/server/modules/*/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherModuleFrom(2)] }],
    },
  },
  {
    files: ['src/server/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [moduleInternals] }],
    },
  },
  {
    files: ['src/server/http/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/',
              message: 'http/ is plumbing below the modules: it imports no module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/render/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            moduleInternals,
            {
              regex: '(^|/)clients/',
              message: 'render/ runs on the server: browser-only clients/ stay out of it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests assert on parsed JSON (`response.json()` is any): the assertions are the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
