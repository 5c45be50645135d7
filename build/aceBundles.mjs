// Ace for pl-file-editor in the preview, in a few files instead of ace-builds' ~250: a package of many
// small files is slow to install and vsce warns about it. ace-builds' files are `ace.define(name, deps,
// factory)` calls, each file repeating the modules it needs; here they are read, deduplicated and
// regrouped:
//   ace.js           the editor, its search box, and the table that tells Ace which file holds which module
//   ace-modes-N.js   every mode, self-contained groups (1 holds the languages courses use most)
//   ace-themes.js    every theme
//   ace-extras.js    what the editor itself loads on demand (F1 palette, settings menu, error marker,
//                    keyboard handlers)
// Ace still loads `ace/mode/<name>` on demand: the table maps each public name to its file with Ace's own
// config.setModuleUrl, and a group's modules only run when the editor asks for them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

/** Modes in the first group, loaded for most questions: the languages PrairieLearn courses use. */
export const COMMON_MODES = [
  'python', 'c_cpp', 'java', 'r', 'markdown', 'haskell', 'html', 'matlab', 'sql', 'javascript', 'json',
  'sh', 'julia', 'rust', 'golang', 'csharp', 'kotlin', 'scala', 'ocaml', 'scheme', 'lisp', 'prolog',
  'latex', 'yaml', 'xml', 'css', 'typescript', 'makefile', 'verilog', 'dot', 'tcl', 'plain_text',
];
/** The size a group of the other modes may reach (bytes): few files, none much bigger than the editor. */
export const GROUP_BUDGET = 512 * 1024;

/**
 * The modules a file of ace-builds defines, in order: its text run with an `ace.define` that records
 * instead of registering (the engine parses it, no hand-made parser), the factory kept as its source.
 */
export function aceDefinitions(text) {
  const found = [];
  const define = (name, deps, factory) => {
    if (typeof name !== 'string') throw new Error('ace.define without a module name');
    if (factory === undefined) [deps, factory] = [[], deps];
    found.push({ name, deps: Array.from(deps), source: typeof factory === 'function' ? factory.toString() : JSON.stringify(factory) });
  };
  vm.runInNewContext(text, { ace: { define, require() {} } });
  return found;
}

/** The text that defines `modules` (one `ace.define` each) in a bundle. */
const defineText = (modules) => modules.map((m) => `ace.define(${JSON.stringify(m.name)},${JSON.stringify(m.deps)},${m.source});\n`).join('');

/**
 * The modules of several files, each once: a name defined twice with different code is an ace-builds
 * this recipe does not know (Ace keeps the first definition), so it stops the build.
 */
function union(fileModules) {
  const byName = new Map();
  for (const modules of fileModules) {
    for (const m of modules) {
      const seen = byName.get(m.name);
      if (seen && (seen.source !== m.source || JSON.stringify(seen.deps) !== JSON.stringify(m.deps))) {
        throw new Error(`ace-builds defines ${m.name} twice, differently`);
      }
      if (!seen) byName.set(m.name, m);
    }
  }
  return [...byName.values()];
}
const size = (modules) => modules.reduce((n, m) => n + m.source.length, 0);

/**
 * Modes in groups: COMMON_MODES first, then the others in name order, a group closed when adding the
 * next mode would take it over GROUP_BUDGET. Each group holds every module its modes need beyond the
 * editor, so that loading one file is enough.
 */
export function groupModes(modes, common = COMMON_MODES, budget = GROUP_BUDGET) {
  const groups = [common.filter((name) => modes.has(name))];
  let current = [];
  for (const name of [...modes.keys()].sort()) {
    if (common.includes(name)) continue;
    const grown = [...current, name];
    if (current.length && size(union(grown.map((n) => modes.get(n)))) > budget) {
      groups.push(current);
      current = [name];
    } else current = grown;
  }
  groups.push(current);
  return groups.filter((group) => group.length);
}

/**
 * Runs in the page after Ace: points each public module name at the file beside ace.js that defines it
 * (document.currentScript is this script while it runs, so the files' folder is known without help).
 */
function registerAceFiles(table) {
  const config = ace.require('ace/config');
  const folder = (document.currentScript?.src ?? '').split(/[?#]/)[0].replace(/[^/]*$/, '');
  for (const [file, names] of Object.entries(table)) for (const name of names) config.setModuleUrl(name, folder + file);
}

/**
 * The lean files from an ace-builds folder (src-min-noconflict): file name -> text. `table` says which
 * public module each file answers for.
 */
export function aceBundles(src) {
  const read = (file) => aceDefinitions(readFileSync(join(src, file), 'utf8'));
  const files = readdirSync(src);
  const named = (prefix) => new Map(files.filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js')).map((f) => [f.slice(prefix.length + 1, -3), read(f)]));
  const modes = named('mode');
  const themes = named('theme');
  const keyboards = named('keybinding');
  const editor = readFileSync(join(src, 'ace.js'), 'utf8');
  // What ace.js defines itself (ace/mode/text, ace/ext/error_marker among them) needs no file.
  const inEditor = new Set([...editor.matchAll(/ace\.define\("([^"]+)"/g)].map((m) => m[1]));
  for (const name of modes.keys()) if (inEditor.has(`ace/mode/${name}`)) modes.delete(name);
  // The extensions the editor loads by name (loadModule("ace/ext/…")); the search box goes in ace.js.
  const loaded = new Set([...editor.matchAll(/loadModule\("ace\/ext\/(\w+)"/g)].map((m) => m[1]));
  if (!loaded.has('searchbox')) throw new Error('ace.js no longer loads ace/ext/searchbox: check aceBundles.mjs for this ace-builds');
  const extras = [...loaded].filter((e) => e !== 'searchbox' && !inEditor.has(`ace/ext/${e}`)).sort();

  const out = {};
  const table = {};
  const add = (file, modules, publicNames) => {
    if (!publicNames.length) return;
    const defined = new Set(modules.map((m) => m.name));
    const missing = publicNames.filter((n) => !defined.has(n));
    if (missing.length) throw new Error(`${file} would not define ${missing.join(', ')}`);
    out[file] = defineText(modules);
    table[file] = publicNames;
  };
  groupModes(modes).forEach((group, i) => add(`ace-modes-${i + 1}.js`, union(group.map((n) => modes.get(n))), group.map((n) => `ace/mode/${n}`)));
  add('ace-themes.js', union([...themes.values()]), [...themes.keys()].map((n) => `ace/theme/${n}`));
  add('ace-extras.js', union([...extras.map((e) => read(`ext-${e}.js`)), ...keyboards.values()]),
    [...extras.map((e) => `ace/ext/${e}`), ...[...keyboards.keys()].map((k) => `ace/keyboard/${k}`)]);
  out['ace.js'] = `${editor}\n${defineText(read('ext-searchbox.js'))}(${registerAceFiles.toString()})(${JSON.stringify(table)});\n`;
  return { files: out, table };
}
