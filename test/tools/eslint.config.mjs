// The lint: typescript-eslint's type-checked rules, import cycles, and the one-way folder rule.
//   src/platform  <- src/api | src/site  <- src/editor  <- src/jobs | src/visitors  <- src/readers | src/previews  <- src/review  <- src/compose  <- src/tools  <- src/chat | src/mcp  <- src/commands  <- src/extension.ts
// Each folder imports only from folders to its left (folders of one layer not from each other).
// platform, api and webview are pure: no `vscode` import, so plain Node (or the webview's
// browser sandbox) runs them. The webview takes only the visitors model and platform helpers.
// Run through `npm run lint`, which points eslint at this file.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders in dependency order: each may import only from earlier ones. */
const layers = [
  ['platform'],
  ['api', 'site'],
  ['editor'],
  ['jobs', 'visitors'],
  ['readers', 'previews'],
  ['review'],
  ['compose'],
  // Each tool an agent may call, defined once; its two adapters (VS Code's chat, the MCP server).
  ['tools'],
  ['chat', 'mcp'],
  ['commands'],
  ['extension.ts'],
];
const everything = [...layers.flat(), 'webview'];

/** A zone per folder: it may not import from its own layer's siblings or from any later layer. */
const layerZones = layers.flatMap((layer, index) =>
  layer.map((folder) => ({
    target: `./src/${folder}`,
    from: [...layer.filter((other) => other !== folder), ...layers.slice(index + 1).flat(), 'webview'].map((f) => `./src/${f}`),
    message: `src/${folder} sits below these in the one-way folder order (see test/tools/eslint.config.mjs).`,
  })),
);
const webviewZone = {
  target: './src/webview',
  from: everything.filter((f) => !['webview', 'platform', 'visitors'].includes(f)).map((f) => `./src/${f}`),
  message: 'The webview bundle runs in a browser sandbox: it takes only the visitors model and platform helpers.',
};

/**
 * The editor reads links and icons in these surfaces, and their text often carries outside text
 * (a build log's line, a reader's path): they are reached only through src/editor/say.ts and
 * src/editor/markdown-text.ts, which make that text inert, so no new message can forget to.
 */
const outsideTextDoors = [
  {
    selector:
      "MemberExpression[object.property.name='window'][property.name=/^(show(Information|Warning|Error)Message|showInputBox|showQuickPick)$/]",
    message: 'Show messages, input boxes and quick picks through src/editor/say.ts: it keeps outside text inert.',
  },
  {
    // A notification reads links in its title and messages; the status bar's progress is ours alone.
    selector:
      "CallExpression[callee.property.name='withProgress'] Property[key.name='location'] > MemberExpression[property.name='Notification']",
    message: 'Show progress in a notification through withProgressNote (src/editor/say.ts): it keeps outside text inert.',
  },
  {
    selector: "NewExpression[callee.property.name='MarkdownString']",
    message: 'Build Markdown through src/editor/markdown-text.ts: outside text is appended as text there.',
  },
];

const noVscode = {
  'no-restricted-imports': [
    'error',
    { paths: [{ name: 'vscode', message: 'This folder is pure: plain Node tests and the webview run it without the editor.' }] },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'media/**', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: [resolve(root, 'tsconfig.json'), resolve(root, 'tsconfig.webview.json')],
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Lets import-x follow imports into TypeScript files (for cycles and the folder order).
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      // A `let` read by a closure before its one assignment cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `const { dropped: _d, ...rest } = x` names what it leaves out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, webviewZone] }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='setInterval']", message: 'Schedule with a setTimeout chain, never setInterval.' },
        {
          selector: "MemberExpression[object.name='console'][property.name=/^(log|info|debug)$/]",
          message: 'Log through the output channel, not the console.',
        },
        {
          selector: "AssignmentExpression > MemberExpression.left[property.name='innerHTML']",
          message: 'Set text with textContent, never innerHTML.',
        },
        ...outsideTextDoors,
      ],
    },
  },
  {
    // The doors themselves: they make outside text inert, then call the editor.
    files: ['src/editor/say.ts', 'src/editor/markdown-text.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  { files: ['src/platform/**', 'src/api/**', 'src/site/**', 'src/webview/**'], rules: noVscode },
  {
    // Small files with one job each, and functions a reader takes in at once.
    files: ['src/**'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|describe)$/][callee.property.name=/^(skip|only)$/]',
          message: 'No skipped or focused tests.',
        },
      ],
    },
  },
);
