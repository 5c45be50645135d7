// build/aceBundles.mjs: ace-builds' files read as the modules they define, deduplicated, and regrouped into
// a few self-contained bundles with a table of which file answers for which `ace/...` name. The page side
// (every name loading in Chromium) is test/client/aceLeanBrowser.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const ACE_BUILDS = path.join(path.dirname(createRequire(__filename).resolve('ace-builds/package.json')), 'src-min-noconflict');
const lib = () => import(path.join(ROOT, 'build', 'aceBundles.mjs'));

const file = (defs: string) => `${defs}\n(function() { ace.require(["ace/mode/x"], function(m) { if (typeof module == "object") module.exports = m; }); })();`;

test('a file is read as its ace.define calls, factories kept as source; the trailing require is not a module', async () => {
  const { aceDefinitions } = await lib();
  const found = aceDefinitions(file('ace.define("ace/mode/x_rules",["require","exports"],function(e,t){t.A=1});ace.define("ace/mode/x",["ace/mode/x_rules"],function(e,t){t.Mode=2});'));
  assert.deepEqual(found.map((m: { name: string; deps: string[]; source: string }) => [m.name, m.deps, m.source]), [
    ['ace/mode/x_rules', ['require', 'exports'], 'function(e,t){t.A=1}'],
    ['ace/mode/x', ['ace/mode/x_rules'], 'function(e,t){t.Mode=2}'],
  ]);
});

test('modes are grouped: the common ones first, then the others under the budget, each group self-contained', async () => {
  const { groupModes } = await lib();
  const mod = (name: string, bytes: number) => ({ name, deps: [], source: 'x'.repeat(bytes) });
  const shared = mod('ace/mode/shared_rules', 60);
  const modes = new Map([
    ['python', [mod('ace/mode/python', 10)]],
    ['a', [shared, mod('ace/mode/a', 10)]],
    ['b', [shared, mod('ace/mode/b', 10)]], // a + b = 80: the shared rules count once
    ['c', [mod('ace/mode/c', 30)]], // a + b + c = 110 > 100: c opens a new group
    ['d', [mod('ace/mode/d', 150)]], // alone over the budget: a group of its own
  ]);
  assert.deepEqual(groupModes(modes, ['python', 'not-a-mode'], 100), [['python'], ['a', 'b'], ['c'], ['d']]);
});

/** A folder shaped as ace-builds' (editor, search box, two modes sharing a rules module, one theme). */
function fakeAceBuilds(rulesOfB: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ace-builds-'));
  const files: Record<string, string> = {
    'ace.js': 'ace.define("ace/mode/text",[],function(){}); /* config.loadModule("ace/ext/searchbox", …) */',
    'ext-searchbox.js': file('ace.define("ace/ext/searchbox",[],function(e,t){t.Search=1});'),
    'mode-a.js': file('ace.define("ace/mode/rules",[],function(e,t){t.R=1});ace.define("ace/mode/a",["ace/mode/rules"],function(e,t){t.Mode=1});'),
    'mode-b.js': file(`ace.define("ace/mode/rules",[],${rulesOfB});ace.define("ace/mode/b",["ace/mode/rules"],function(e,t){t.Mode=2});`),
    'mode-text.js': file(''),
    'theme-t.js': file('ace.define("ace/theme/t",[],function(e,t){t.cssClass="ace-t"});'),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

test('modules shared by modes are written once; one defined twice with different code stops the build', async () => {
  const { aceBundles } = await lib();
  const same = fakeAceBuilds('function(e,t){t.R=1}');
  const differs = fakeAceBuilds('function(e,t){t.R=2}');
  try {
    const { files, table } = aceBundles(same);
    assert.deepEqual(table, { 'ace-modes-1.js': ['ace/mode/a', 'ace/mode/b'], 'ace-themes.js': ['ace/theme/t'] }, 'no empty file');
    assert.equal(files['ace-modes-1.js'].split('ace.define("ace/mode/rules"').length, 2, 'the shared rules once');
    assert.match(files['ace.js'], /ace\.define\("ace\/ext\/searchbox",/);
    assert.throws(() => aceBundles(differs), /ace\/mode\/rules twice, differently/);
  } finally {
    for (const dir of [same, differs]) rmSync(dir, { recursive: true, force: true });
  }
});

test('every mode and theme of ace-builds is in the editor or in exactly one bundle that defines it', async () => {
  const { aceBundles } = await lib();
  const { files, table } = aceBundles(ACE_BUILDS);
  const editor = files['ace.js'] as string;
  const fileOf = new Map(Object.entries(table as Record<string, string[]>).flatMap(([f, names]) => names.map((n) => [n, f] as const)));
  const names = readdirSync(ACE_BUILDS).flatMap((f) => {
    const m = /^(mode|theme|keybinding)-(\w+)\.js$/.exec(f);
    return m ? [`ace/${m[1] === 'keybinding' ? 'keyboard' : m[1]}/${m[2]}`] : [];
  });
  assert.ok(names.length > 250, `${names.length} names`);
  for (const name of names) {
    const where = fileOf.get(name);
    if (!where) {
      assert.ok(editor.includes(`ace.define("${name}"`), `${name}: in the editor or a bundle`);
      continue;
    }
    assert.ok((files[where] as string).includes(`ace.define(${JSON.stringify(name)},`), `${name} is defined in ${where}`);
  }
  // The table rides at the end of ace.js, and the search box (Ctrl+F) is in it.
  assert.match(editor, /ace\.define\("ace\/ext\/searchbox",/);
  assert.ok(editor.trimEnd().endsWith(`(${JSON.stringify(table)});`));
  assert.equal(fileOf.get('ace/mode/python'), 'ace-modes-1.js');
  assert.equal(fileOf.get('ace/mode/c_cpp'), 'ace-modes-1.js');
});
