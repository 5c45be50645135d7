// Bundles every entry point into dist/ with esbuild. Entry points are listed once here.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { schemaTypesSource } from './schemas/schemaTypes.mjs';
import { aceBundles } from './build/aceBundles.mjs';

const production = process.argv.includes('--production');
// pl-check as one ordinary bundle, without its start-up machinery (plCheck.ts says what that buys).
const plainPlCheck = process.argv.includes('--plain-pl-check');

const entryPoints = {
  languageServer: 'server/apps/languageServer/main.ts',
  plCheck: plainPlCheck ? 'server/apps/plCheck/plCheckPlain.ts' : 'server/apps/plCheck/plCheck.ts',
  // `pl-check mcp`'s server, beside plCheck.js: carried inside it, its text cost every check's start-up.
  plCheckMcp: 'server/apps/plCheck/mcpMain.ts',
  referenceServer: 'server/apps/referenceServer/main.ts',
  client: 'client/src/extension.ts',
  // Legacy v2 questions' worker, run as its own Node process by the question runtime.
  v2Worker: 'server/apps/v2Worker/v2Worker.js',
};

// A missing entry point is a broken tree, not something to skip: the bundle would silently go stale.
const missing = Object.values(entryPoints).filter((file) => !existsSync(file));
if (missing.length) throw new Error(`build.mjs: entry point(s) missing: ${missing.join(', ')}`);

// The info files' TypeScript types, made from their schemas before anything is compiled; written only when
// they changed, so that a build leaves the tree as it was.
const schemaTypesFile = 'server/lib/course/schemaTypes.ts';
const schemaTypes = schemaTypesSource('schemas');
if (!existsSync(schemaTypesFile) || readFileSync(schemaTypesFile, 'utf8') !== schemaTypes) writeFileSync(schemaTypesFile, schemaTypes);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow; use its ESM build.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
};

/**
 * ajv's standalone code for the course schemas, made by schemaCompiler.ts itself (bundled and run
 * here) so that the options and schemas are the ones the tests use.
 */
async function validatorModule() {
  const built = await esbuild.build({ ...common, entryPoints: ['server/lib/course/schemaCompiler.ts'], write: false });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', built.outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  const code = module.exports.standaloneValidatorCode();
  return `${code}\nconst validators = { ...module.exports };\nmodule.exports = { schemaValidators: () => validators };\n`;
}

const precompiledSchemas = {
  name: 'precompiled-schemas',
  setup(build) {
    let contents;
    build.onLoad({ filter: /[\\/]server[\\/]lib[\\/]course[\\/]schemaValidators\.ts$/ }, async () => {
      contents ??= await validatorModule();
      return { contents, loader: 'js', resolveDir: process.cwd() };
    });
  },
};

/**
 * pl-check's two bundles, carried inside dist/plCheck.js as text (bundledSources.ts reads them from
 * esbuild's `define`) so that it stays one file: the checker, which plCheck.ts compiles through V8's
 * code cache, and the second thread's, which holds only the question file checkers (no schemas: the
 * thread validates no info file).
 */
async function plCheckSources() {
  const bundle = async (entry, plugins) =>
    (await esbuild.build({ ...common, entryPoints: [entry], write: false, minify: production, plugins })).outputFiles[0].text;
  const checker = await bundle('server/apps/plCheck/plCheckCommand.ts', [precompiledSchemas]);
  const thread = await bundle('server/apps/plCheck/questionFileThreadMain.ts', []);
  const id = createHash('sha256').update(checker).update('\0').update(thread).digest('hex').slice(0, 16);
  return { checker, thread, id };
}

const { plCheck, ...others } = entryPoints;
const output = { ...common, outdir: 'dist', sourcemap: !production, minify: production, plugins: [precompiledSchemas] };
await esbuild.build({ ...output, entryPoints: plainPlCheck ? entryPoints : others, external: ['vscode', '@electric-sql/pglite'] });
// Built apart: esbuild would otherwise add the define's (empty) module to every other bundle.
if (!plainPlCheck) await esbuild.build({ ...output, entryPoints: { plCheck }, define: { PL_CHECK_SOURCES: JSON.stringify(await plCheckSources()) } });

/** KaTeX for the question preview's webview (math as PrairieLearn shows it), served from dist/katex/. */
function copyKatex() {
  const dist = join(dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist');
  mkdirSync('dist/katex/fonts', { recursive: true });
  for (const f of ['katex.min.js', 'contrib/auto-render.min.js']) cpSync(join(dist, f), join('dist/katex', f.split('/').pop()));
  // woff2 is all a webview needs: only those fonts ship, and the stylesheet names no others.
  const css = readFileSync(join(dist, 'katex.min.css'), 'utf8');
  const woff2Only = css.replace(/,url\(fonts\/[\w-]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '');
  if (/\.(woff|ttf)\)/.test(woff2Only)) throw new Error('katex.min.css names fonts other than woff2 in a form build.mjs does not know');
  writeFileSync('dist/katex/katex.min.css', woff2Only);
  for (const f of readdirSync(join(dist, 'fonts'))) if (f.endsWith('.woff2')) cpSync(join(dist, 'fonts', f), join('dist/katex/fonts', f));
}
copyKatex();

/**
 * Ace for pl-file-editor in the preview (PrairieLearn's editor), served from dist/ace/: the editor with its
 * search box, every mode and theme, and what the editor loads on demand, in the few files aceBundles.mjs
 * makes (any `ace-mode`/`ace-theme` still loads on demand, without network).
 */
function writeAce() {
  const src = join(dirname(createRequire(import.meta.url).resolve('ace-builds/package.json')), 'src-min-noconflict');
  rmSync('dist/ace', { recursive: true, force: true });
  mkdirSync('dist/ace', { recursive: true });
  for (const [file, text] of Object.entries(aceBundles(src).files)) writeFileSync(join('dist/ace', file), text);
}
writeAce();

/** Graphviz for pl-graph in the preview (@viz-js/viz, WebAssembly inlined in one script), served from dist/viz/. */
function copyViz() {
  // The package exports only its entry points (dist/viz.cjs for require), so its folder comes from that.
  const dist = dirname(createRequire(import.meta.url).resolve('@viz-js/viz'));
  mkdirSync('dist/viz', { recursive: true });
  cpSync(join(dist, 'viz-global.js'), join('dist/viz', 'viz-global.js'));
}
copyViz();

/**
 * jQuery, which PrairieLearn loads on every question page (courses' scripts and elements call `$`), served
 * from dist/jquery/.
 */
function copyJquery() {
  const dist = join(dirname(createRequire(import.meta.url).resolve('jquery/package.json')), 'dist');
  mkdirSync('dist/jquery', { recursive: true });
  cpSync(join(dist, 'jquery.min.js'), join('dist/jquery', 'jquery.min.js'));
}
copyJquery();

/**
 * pl-rich-text-editor's page libraries, the ones PrairieLearn loads for it, served from dist/quill/: Quill
 * (the editor and its two themes), its Markdown shortcuts, DOMPurify (cleans HTML before Quill reads it),
 * he (the entities of the stored HTML) and marked (Markdown).
 */
function copyQuill() {
  const req = createRequire(import.meta.url);
  const folder = (pkg) => dirname(req.resolve(`${pkg}/package.json`));
  mkdirSync('dist/quill', { recursive: true });
  for (const f of ['quill.js', 'quill.snow.css', 'quill.bubble.css']) cpSync(join(folder('quill'), 'dist', f), join('dist/quill', f));
  // DOMPurify exports only its entry points (dist/purify.cjs.js for require), so its folder comes from that.
  cpSync(join(dirname(req.resolve('dompurify')), 'purify.min.js'), join('dist/quill', 'purify.min.js'));
  cpSync(join(folder('he'), 'he.js'), join('dist/quill', 'he.js'));
  // quilljs-markdown: the editor's Markdown shortcuts (`markdown-shortcuts`), with its stylesheet.
  for (const f of ['quilljs-markdown.js', 'quilljs-markdown-common-style.css']) cpSync(join(folder('quilljs-markdown'), 'dist', f), join('dist/quill', f));
  // marked turns a `format="markdown"` editor's text into HTML, as PrairieLearn's page does.
  cpSync(join(dirname(req.resolve('marked')), 'marked.umd.js'), join('dist/quill', 'marked.umd.js'));
}
copyQuill();

/**
 * pl-drawing's element extensions are fabric.js code (PrairieLearn draws the drawing with fabric and gives
 * its page lodash too): the browser build of PrairieLearn's fabric version and lodash, served from
 * dist/fabric/ and loaded only for a question whose drawing has an extension script.
 */
function copyFabric() {
  const req = createRequire(import.meta.url);
  const folder = (pkg) => dirname(req.resolve(`${pkg}/package.json`));
  mkdirSync('dist/fabric', { recursive: true });
  cpSync(join(folder('fabric'), 'dist', 'fabric.min.js'), join('dist/fabric', 'fabric.min.js'));
  cpSync(join(folder('lodash'), 'lodash.min.js'), join('dist/fabric', 'lodash.min.js'));
}
copyFabric();

/**
 * Excalidraw for pl-excalidraw in the preview, served from dist/excalidraw/: the library with React in one
 * script (global `PlExcalidraw`), its stylesheet, and its hand-drawn and UI fonts (not the 13 MB CJK one).
 * Bundling takes seconds, so it is done again only when the versions of the three packages change.
 */
// Excalidraw lists a CDN after the fonts' folder for every font; the page's policy blocks it, and each
// blocked address is a console error. The CDN is kept only when no folder is given.
const FONT_FALLBACK = /(\w+)\.push\(new URL\((\w+),(\w+)\.ASSETS_FALLBACK_URL\)\)/g;
const fontsStayLocal = {
  name: 'excalidraw-fonts-stay-local',
  setup(b) {
    let patched = 0;
    b.onLoad({ filter: /@excalidraw[\\/]excalidraw[\\/]dist[\\/].*\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const out = text.replace(FONT_FALLBACK, (_m, urls, name, cls) => { patched++; return `${urls}.length||${urls}.push(new URL(${name},${cls}.ASSETS_FALLBACK_URL))`; });
      return { contents: out, loader: 'js' };
    });
    b.onEnd(() => { if (patched !== 1) throw new Error(`build.mjs: Excalidraw's font fallback was found ${patched} times, not once: check the pattern for this version`); });
  },
};

// Mermaid-to-Excalidraw (3.5 MB, a third of the bundle) serves only Excalidraw's text-to-diagram dialog
// and pasting Mermaid text; in its place a module that says so (the dialog shows the error, a paste
// falls back to plain text).
const NO_MERMAID = `export async function parseMermaidToExcalidraw() { throw new Error("Mermaid diagrams are not included in the preview's Excalidraw."); }`;
const withoutMermaid = {
  name: 'excalidraw-without-mermaid',
  setup(b) {
    b.onResolve({ filter: /^@excalidraw\/mermaid-to-excalidraw$/ }, () => ({ path: 'mermaid-to-excalidraw', namespace: 'no-mermaid' }));
    b.onLoad({ filter: /.*/, namespace: 'no-mermaid' }, () => ({ contents: NO_MERMAID, loader: 'js' }));
  },
};

async function bundleExcalidraw() {
  const require = createRequire(import.meta.url);
  const pkgDir = (name) => dirname(require.resolve(`${name}/package.json`, { paths: [process.cwd()] }));
  // @excalidraw/excalidraw exports no package.json, so its folder is found from node_modules.
  const excalidrawDir = join('node_modules', '@excalidraw', 'excalidraw');
  // The stamp also names this recipe's version: a change to the plugins must rebuild.
  const versions = ['recipe 2', ...['react', 'react-dom'].map((n) => `${n}@${JSON.parse(readFileSync(join(pkgDir(n), 'package.json'), 'utf8')).version}`)];
  versions.push(`excalidraw@${JSON.parse(readFileSync(join(excalidrawDir, 'package.json'), 'utf8')).version}`);
  const stamp = join('dist/excalidraw', 'versions.txt');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === versions.join('\n')) return;
  mkdirSync('dist/excalidraw', { recursive: true });
  await esbuild.build({
    stdin: {
      contents: "import * as ExcalidrawLib from '@excalidraw/excalidraw'; import * as React from 'react'; import * as ReactDOM from 'react-dom/client';\nwindow.PlExcalidraw = { ExcalidrawLib, React, ReactDOM };\n",
      resolveDir: process.cwd(),
    },
    bundle: true, minify: true, format: 'iife', outfile: 'dist/excalidraw/excalidraw-global.js', logLevel: 'error', plugins: [fontsStayLocal, withoutMermaid],
    define: { 'process.env.NODE_ENV': '"production"' }, legalComments: 'none',
  });
  const prod = join(excalidrawDir, 'dist', 'prod');
  cpSync(join(prod, 'index.css'), join('dist/excalidraw', 'excalidraw.css'));
  for (const font of readdirSync(join(prod, 'fonts'))) if (font !== 'Xiaolai') cpSync(join(prod, 'fonts', font), join('dist/excalidraw/fonts', font), { recursive: true });
  writeFileSync(stamp, versions.join('\n'));
}
await bundleExcalidraw();

/**
 * The reference server's empty database (PGlite's initdb plus the migrations), packaged as one file in dist/
 * so that a first start skips initdb's tens of seconds. Made once per PGlite version and set of migrations
 * (from the user's cached copy when there is one). A failure only costs that first start its time.
 */
async function emptyDatabase() {
  const script = 'dist/.buildEmptyDatabase.cjs';
  await esbuild.build({ ...common, entryPoints: ['server/apps/referenceServer/db/buildEmptyDatabase.ts'], outfile: script, external: ['@electric-sql/pglite'] });
  const run = spawnSync(process.execPath, [script, 'dist'], { stdio: 'inherit' });
  rmSync(script, { force: true });
  if (run.status !== 0) console.warn('build.mjs: the packaged empty database was not made; the first start of the reference server will make it (initdb)');
}
await emptyDatabase();

/**
 * `node build.mjs --watch` (npm run watch): build, then build again after any source change under
 * server/, client/src/ or schemas/ (debounced), for the Run Extension launch configuration. A
 * rebuild runs in a child so that each one starts from fresh modules, as a plain build does.
 */
if (process.argv.includes('--watch')) {
  const { watch } = await import('node:fs');
  const { spawn } = await import('node:child_process');
  let timer;
  let running = false;
  let again = false;
  const rebuild = () => {
    if (running) return void (again = true);
    running = true;
    const started = Date.now();
    spawn(process.execPath, ['build.mjs'], { stdio: 'inherit' }).on('exit', (code) => {
      console.log(`[watch] build ${code === 0 ? 'done' : 'FAILED'} in ${Date.now() - started} ms`);
      running = false;
      if (again) (again = false), rebuild();
    });
  };
  for (const dir of ['server', 'client/src', 'schemas']) {
    watch(dir, { recursive: true }, (_event, file) => {
      if (!file || /(^|[\\/])(__pycache__|node_modules)([\\/]|$)/.test(file)) return;
      clearTimeout(timer);
      timer = setTimeout(rebuild, 150);
    });
  }
  console.log('[watch] built; watching server/, client/src/ and schemas/');
}
