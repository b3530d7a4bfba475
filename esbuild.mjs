// Builds the extension bundle and the visitors webview page (dist/), and transpiles tests and
// the emulator (out/).
//   node esbuild.mjs --production   minified bundle for packaging
//   node esbuild.mjs --watch        rebuild the bundle on change
//   node esbuild.mjs --tests        transpile src/ and test/ file by file into out/ for mocha
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');

/** Every .ts file under a folder, for per-file transpiling. */
function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Reports build errors in the `file:line:col: message` form VS Code's problem matcher reads. */
const problemReporter = {
  name: 'problem-reporter',
  setup(build) {
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
    });
  },
};

// undici is about half a megabyte minified, and yaml (read only for a site with a YAML OpenAPI
// file) a tenth of that. The extension requires each as a separate file (dist/undici.js on the
// first request, dist/yaml.js on the first YAML spec), so activation never loads or parses them.
const lazyModules = ['undici', 'yaml'];
const lazyAsSeparateFiles = {
  name: 'lazy-modules-as-separate-files',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(${lazyModules.join('|')})$`) }, (args) => ({ path: `./${args.path}.js`, external: true }));
  },
};

const lazyOptions = {
  entryPoints: Object.fromEntries(lazyModules.map((name) => [name, name])),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  minify: production,
  logLevel: 'warning',
};

const extensionOptions = {
  entryPoints: { extension: 'src/extension.ts' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  // jsonc-parser's UMD build requires its parts at run time, out of the bundle's sight; its ES
  // module build bundles.
  mainFields: ['module', 'main'],
  minify: production,
  logLevel: 'warning',
};

/**
 * The shipped bundle loads at activation only what a window needs to start: each
 * `await import('./…')` in src/ (review, previews' actions, the visitors panel, chat tools…)
 * becomes a file of its own in dist/, loaded on first use. esbuild splits code only into ES
 * modules, and VS Code loads an extension as CommonJS, so the split files are turned into
 * CommonJS one by one: each module still lives in exactly one file, loaded once, so its state
 * and its classes (for `instanceof`) are shared by every part.
 */
/**
 * The helpers each converted file would carry (`__export`, `__toCommonJS`, `__toESM`…: about
 * 400 bytes a file, times the dozens of parts a window loads at activation) are taken out of the
 * parts and kept once, in dist/cjs-helpers.js, which every part requires. `code` is esbuild's
 * unminified CommonJS: its helpers are the `var __name = …` statements it starts with, the same
 * in every file but for the names of their parameters.
 */
function withSharedHelpers(code, helpers) {
  const statements = [];
  for (const line of code.split('\n')) {
    // A statement's later lines are indented or close a bracket.
    if (/^[\s})\]]/.test(line) && statements.length) statements[statements.length - 1] += `\n${line}`;
    else statements.push(line);
  }
  let used = [];
  while (statements.length && /^var __\w+ = /.test(statements[0])) {
    const statement = statements.shift();
    const name = statement.slice(4, statement.indexOf(' ', 4));
    if (!helpers.has(name)) throw new Error(`esbuild wrote a helper cjs-helpers.js lacks: ${name}`);
    used.push(name);
  }
  const body = statements.join('\n');
  // Only those the part calls itself (the others serve the helpers).
  used = used.filter((name) => new RegExp(`\\b${name}\\b`).test(body));
  const shared = used.length ? `var { ${used.join(', ')} } = require("./cjs-helpers.js");\n` : '';
  return shared + body;
}

const commonJsParts = {
  name: 'common-js-parts',
  setup(build) {
    build.onEnd(async (result) => {
      // Every helper a part may need, as esbuild writes them for a file that needs them all.
      const all = await esbuild.transform('import * as a from "a"; export default a;', { format: 'cjs', logLevel: 'warning' });
      const helpers = new Set(all.code.match(/^var __\w+(?= = )/gm).map((found) => found.slice(4)));
      const helperCode = all.code.slice(0, all.code.indexOf('var stdin_exports'));
      const write = async (path, code) => {
        const minified = await esbuild.transform(code, { format: 'cjs', target: 'node20', minify: production, logLevel: 'warning' });
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, minified.code);
      };
      let outdir;
      for (const file of result.outputFiles ?? []) {
        if (!file.path.endsWith('.js')) continue;
        outdir = dirname(file.path);
        const { code } = await esbuild.transform(file.text, {
          format: 'cjs',
          target: 'node20',
          supported: { 'dynamic-import': false },
          logLevel: 'warning',
        });
        await write(file.path, withSharedHelpers(code, helpers));
      }
      if (outdir) await write(join(outdir, 'cjs-helpers.js'), `${helperCode}module.exports = { ${[...helpers].join(', ')} };\n`);
    });
  },
};

const splitExtensionOptions = {
  ...extensionOptions,
  format: 'esm',
  splitting: true,
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  write: false,
  plugins: [lazyAsSeparateFiles, problemReporter, commonJsParts],
};

// While developing: one CommonJS file with a source map (the lazy imports are inlined in it),
// so a debugger maps every line; the split above would lose the map in its second step.
const debugExtensionOptions = {
  ...extensionOptions,
  format: 'cjs',
  outdir: 'dist',
  sourcemap: true,
  sourcesContent: false,
  // Turns `await import('undici')` (and 'yaml') into a lazy require of the separate file.
  supported: { 'dynamic-import': false },
  plugins: [lazyAsSeparateFiles, problemReporter],
};

// The visitors panel's page runs in the webview's browser sandbox, not in Node.
const webviewOptions = {
  entryPoints: { visitors: 'src/webview/visitors/main.ts' },
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  outdir: 'dist/webview',
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
  plugins: [problemReporter],
};

if (args.has('--tests')) {
  rmSync('out', { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [...tsFiles('src'), ...tsFiles('test')],
    outdir: 'out',
    outbase: '.',
    bundle: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    supported: { 'dynamic-import': false },
    sourcemap: 'inline',
    logLevel: 'warning',
  });
} else if (args.has('--watch')) {
  await esbuild.build(lazyOptions);
  const ctx = await esbuild.context(debugExtensionOptions);
  await ctx.watch();
  const webviewCtx = await esbuild.context(webviewOptions);
  await webviewCtx.watch();
  console.log('watching src/ for changes…');
} else {
  rmSync('dist', { recursive: true, force: true });
  await esbuild.build(lazyOptions);
  await esbuild.build(production ? splitExtensionOptions : debugExtensionOptions);
  await esbuild.build(webviewOptions);
}
