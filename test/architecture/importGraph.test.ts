// Guards the layering of docs/architecture.md: no import cycle in server/ or client/src, and
// imports go downward only: libraries (server/lib: protocol <- course <- questionHtml <- runtime <-
// agentTools) never import a program (server/apps: languageServer, plCheck, referenceServer),
// programs never import each other, and the client imports nothing of the server but the protocol library.
// A library is entered only through its index.ts: what it offers is written in one place, and its
// inner modules can move without touching the code that uses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  importCycles, importSpecifiers, indexViolations, layerViolations, readImportGraph, type ImportGraph, type LayerRules,
} from './importGraph';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['server/lib', 'server/apps', 'client/src'];

// `protocol` holds what crosses a process boundary (API records, the language server's custom
// requests, the local server's ready message): every layer, the client included, may use it, and it
// imports nothing of theirs.
const LIBRARIES = ['protocol', 'course', 'questionHtml', 'runtime'];
// The agent tools sit on top of the other libraries: programs may use them, no library does.
const ALL_LIBRARIES = [...LIBRARIES, 'agentTools'];
const RULES: LayerRules = {
  layerOf(file) {
    const parts = file.split('/');
    if (parts[0] === 'client') return 'client';
    if (parts[0] === 'server' && (parts[1] === 'lib' || parts[1] === 'apps') && parts.length > 3) return parts[2];
    return undefined;
  },
  mayImport: {
    protocol: ['protocol'],
    course: ['protocol', 'course'],
    questionHtml: ['protocol', 'course', 'questionHtml'],
    runtime: LIBRARIES,
    agentTools: [...LIBRARIES, 'agentTools'],
    languageServer: [...ALL_LIBRARIES, 'languageServer'],
    plCheck: [...ALL_LIBRARIES, 'plCheck'],
    referenceServer: [...LIBRARIES, 'referenceServer'],
    client: ['protocol', 'client'],
  },
  sharedTypes: [],
};

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

test('the sources have no import cycle', () => {
  const cycles = importCycles(readImportGraph(ROOT, SOURCES));
  assert.deepEqual(cycles.map((c) => c.join(' -> ')), []);
});

test('every import goes downward through the layers, and the client takes only shared types from the server', () => {
  const graph = readImportGraph(ROOT, SOURCES);
  assert.ok(graph.size > 100, `only ${graph.size} files read: the walk is broken`);
  assert.deepEqual(layerViolations(graph, RULES), []);
});

/** The library a file of server/lib belongs to. */
const libraryOf = (file: string): string | undefined => {
  const [top, kind, name] = file.split('/');
  return top === 'server' && kind === 'lib' && ALL_LIBRARIES.includes(name) ? name : undefined;
};

test('an import that enters a library from outside it goes through the library\'s index.ts', () => {
  assert.deepEqual(indexViolations(readImportGraph(ROOT, SOURCES), libraryOf), []);
});

test('libraries and programs sit apart: server/lib holds only libraries, server/apps only programs', () => {
  const graph = readImportGraph(ROOT, ['server/lib', 'server/apps']);
  const misplaced = [...graph.keys()].filter((file) => {
    const [, kind, name] = file.split('/');
    return kind === 'lib' ? !ALL_LIBRARIES.includes(name) : !['languageServer', 'plCheck', 'referenceServer', 'v2Worker'].includes(name);
  });
  assert.deepEqual(misplaced, []);
});

/**
 * Every source file of the repository, whatever its language: TypeScript, JavaScript and Python, as
 * git lists them (tracked, or new and not ignored), so that build outputs such as test/vscode/out are not read.
 */
function sourceFiles(dirs: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...dirs], { cwd: ROOT, encoding: 'utf8' });
  // Fixtures and the demo course are data a test reads, not code of ours to keep short.
  return listed
    .split('\0')
    .filter((rel) => rel && existsSync(path.join(ROOT, rel)))
    .filter((rel) => !rel.split('/').some((part) => ['node_modules', 'fixtures', '__pycache__', 'demo-course'].includes(part)))
    .filter((rel) => /\.(ts|mts|js|mjs|cjs|py)$/.test(rel) && !rel.endsWith('.d.ts'));
}

/** The files over `limit` lines whose first ten lines do not say why (with the words "over 400 lines"). */
function longFilesWithoutReason(files: Array<{ file: string; text: string }>, limit = 400): string[] {
  return files
    .map(({ file, text }) => ({ file, lines: text.replace(/\n$/, '').split('\n') }))
    .filter(({ lines }) => lines.length > limit && !/over 400 lines/i.test(lines.slice(0, 10).join('\n')))
    .map(({ file, lines }) => `${file}: ${lines.length} lines`);
}

test('no source file (TypeScript, JavaScript or Python, tests included) is over 400 lines without saying why at its top', () => {
  const files = [...sourceFiles(['server', 'client', 'test']), ...readdirSync(ROOT).filter((n) => n.endsWith('.mjs'))];
  assert.ok(files.some((f) => f.endsWith('.py')) && files.some((f) => f.startsWith('test/')), 'the walk reads Python and tests too');
  assert.deepEqual(longFilesWithoutReason(files.map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))), []);
});

test('file sizes: a long file is reported unless its top says why', () => {
  const long = Array.from({ length: 401 }, () => 'x').join('\n');
  assert.deepEqual(longFilesWithoutReason([
    { file: 'a.ts', text: long },
    { file: 'b.py', text: `# over 400 lines: one table\n${long}` },
    { file: 'c.ts', text: 'short' },
  ]), ['a.ts: 401 lines']);
});

// The checks themselves, on small graphs: each must be able to fail.
test('import specifiers: static, type-only, re-export, side effect, dynamic and require; not in comments', () => {
  const text = [
    "import type { A } from './a';",
    "import {\n  b,\n  c,\n} from '../b';",
    "export * from './c';",
    "import './d';",
    "const e = await import('./e');",
    "const f = require('./f');",
    "// import { g } from './g';",
    "/* import { h } from './h'; */",
    "const url = 'http://example.com'; import { i } from 'node:fs';",
  ].join('\n');
  assert.deepEqual(importSpecifiers(text).sort(), ['../b', './a', './c', './d', './e', './f', 'node:fs']);
});

test('cycles: a two-file cycle and a self-import are found, a diamond is not', () => {
  const cycles = importCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['d'], e: ['f', 'g'], f: ['h'], g: ['h'], h: [] }));
  assert.deepEqual(cycles.sort(), [['a', 'b', 'c'], ['d']]);
  assert.deepEqual(importCycles(graphOf({ e: ['f', 'g'], f: ['h'], g: ['h'], h: [] })), []);
});

test('indexes: an import past a library\'s index from a program, the client or another library is reported', () => {
  const graph = graphOf({
    'server/lib/course/index.ts': ['server/lib/course/course.ts'],
    'server/lib/course/course.ts': ['server/lib/protocol/index.ts', 'server/lib/course/jsonFile.ts'],
    'server/lib/questionHtml/template.ts': ['server/lib/course/course.ts', 'server/lib/course/index.ts'],
    'server/apps/plCheck/a.ts': ['server/lib/runtime/urls.ts', 'server/apps/plCheck/b.ts'],
    'client/src/c.ts': ['server/lib/protocol/questionPreview.ts', 'server/lib/protocol/index.ts'],
  });
  assert.deepEqual(indexViolations(graph, libraryOf), [
    "client/src/c.ts imports server/lib/protocol/questionPreview.ts, not the protocol library's index",
    "server/apps/plCheck/a.ts imports server/lib/runtime/urls.ts, not the runtime library's index",
    "server/lib/questionHtml/template.ts imports server/lib/course/course.ts, not the course library's index",
  ]);
});

test('layers: an upward import, a client import of server code and an unknown folder are reported', () => {
  const graph = graphOf({
    'server/lib/course/a.ts': ['server/lib/questionHtml/b.ts'],
    'server/lib/questionHtml/b.ts': ['server/lib/course/a.ts'],
    'server/apps/plCheck/c.ts': ['server/apps/languageServer/d.ts'],
    'server/lib/runtime/r.ts': ['server/apps/plCheck/c.ts'],
    'client/src/e.ts': ['server/lib/protocol/languageServer.ts', 'server/lib/course/a.ts'],
    'server/src/stray.ts': [],
  });
  assert.deepEqual(layerViolations(graph, RULES), [
    'client/src/e.ts (client) imports server/lib/course/a.ts (course)',
    'server/apps/plCheck/c.ts (plCheck) imports server/apps/languageServer/d.ts (languageServer)',
    'server/lib/course/a.ts (course) imports server/lib/questionHtml/b.ts (questionHtml)',
    'server/lib/runtime/r.ts (runtime) imports server/apps/plCheck/c.ts (plCheck)',
    'server/src/stray.ts: in no known layer',
  ]);
});
