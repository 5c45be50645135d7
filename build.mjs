// Bundles every entry point into dist/ with esbuild. Entry points are listed once here.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';

const production = process.argv.includes('--production');

const entryPoints = {
  languageServer: 'server/apps/languageServer/main.ts',
  plCheck: 'server/apps/plCheck/plCheck.ts',
  referenceServer: 'server/apps/referenceServer/main.ts',
  client: 'client/src/extension.ts',
};

const present = Object.fromEntries(Object.entries(entryPoints).filter(([, file]) => existsSync(file)));

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

const { plCheck, ...others } = present;
const output = { ...common, outdir: 'dist', sourcemap: !production, minify: production, plugins: [precompiledSchemas] };
await esbuild.build({ ...output, entryPoints: others, external: ['vscode', '@electric-sql/pglite'] });
// Built apart: esbuild would otherwise add the define's (empty) module to every other bundle.
if (plCheck) await esbuild.build({ ...output, entryPoints: { plCheck }, define: { PL_CHECK_SOURCES: JSON.stringify(await plCheckSources()) } });

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
 * Ace for pl-file-editor in the preview (PrairieLearn's editor), served from dist/ace/: the editor, its
 * search box, and every mode and theme so that any `ace-mode`/`ace-theme` loads, all without network.
 */
function copyAce() {
  const src = join(dirname(createRequire(import.meta.url).resolve('ace-builds/package.json')), 'src-min-noconflict');
  mkdirSync('dist/ace', { recursive: true });
  for (const f of readdirSync(src)) {
    if (f === 'ace.js' || f === 'ext-searchbox.js' || /^(mode|theme)-\w+\.js$/.test(f)) cpSync(join(src, f), join('dist/ace', f));
  }
}
copyAce();
