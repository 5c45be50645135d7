// Bundles every entry point into dist/ with esbuild. Entry points are listed once here.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const production = process.argv.includes('--production');

const entryPoints = {
  languageServer: 'server/src/languageServer/main.ts',
  plCheck: 'server/src/cli/plCheck.ts',
  referenceServer: 'server/src/reference/main.ts',
  client: 'client/src/extension.ts',
};

const present = Object.fromEntries(Object.entries(entryPoints).filter(([, file]) => existsSync(file)));

await esbuild.build({
  entryPoints: present,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow; use its ESM build.
  mainFields: ['module', 'main'],
  external: ['vscode', '@electric-sql/pglite'],
  logLevel: 'warning',
});
