// The .vsix stays lean: the files `vsce package` would take (its own listing, through its API, with the
// npm dependencies as `npm run package` has them) stay under stated bounds. vsce warns when a package holds
// more than 100 JavaScript files (it was 279 when Ace shipped one file per mode and theme, 575 files in
// all); Ace now ships as a few bundles (build/aceBundles.mjs). npm test runs node build.mjs first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
/** Bounds with room for growth: under vsce's warning for scripts, and well under the 575 files of before. */
const MAX_FILES = 400;
const MAX_JS_FILES = 100;
const MAX_ACE_FILES = 12;

test(`the package holds under ${MAX_FILES} files, under ${MAX_JS_FILES} of them scripts, and Ace in at most ${MAX_ACE_FILES}`, { timeout: 120_000 }, async () => {
  const vsce = createRequire(__filename)('@vscode/vsce');
  const files: string[] = await vsce.listFiles({ cwd: ROOT, packageManager: vsce.PackageManager.Npm });
  assert.ok(files.includes('dist/client.js') && files.includes('dist/ace/ace.js'), 'the build ran (node build.mjs)');
  const scripts = files.filter((f) => /\.js$/i.test(f));
  const ace = files.filter((f) => f.startsWith('dist/ace/'));
  assert.ok(files.length < MAX_FILES, `${files.length} files`);
  assert.ok(scripts.length < MAX_JS_FILES, `${scripts.length} JavaScript files`);
  assert.ok(ace.length <= MAX_ACE_FILES, `${ace.length} Ace files: ${ace.join(', ')}`);
});
