// Guards the layering of docs/architecture.md: no import cycle in server/src or client/src, and
// imports go downward only: course <- questionHtml <- questionRuntime <- {languageServer, cli,
// reference}; the client imports nothing of the server but `protocol/` and the language server's
// protocol types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { importCycles, importSpecifiers, layerViolations, readImportGraph, type ImportGraph, type LayerRules } from './importGraph';

const ROOT = path.resolve(__dirname, '../..');

// `protocol` holds the shapes that cross a process boundary (API records, the local server's ready
// message): every layer, the client included, may use it, and it imports nothing of theirs.
const BELOW_TOP = ['protocol', 'course', 'questionHtml', 'questionRuntime'];
const RULES: LayerRules = {
  layerOf(file) {
    const parts = file.split('/');
    if (parts[0] === 'client') return 'client';
    return parts.length > 3 ? parts[2] : undefined;
  },
  mayImport: {
    protocol: ['protocol'],
    course: ['protocol', 'course'],
    questionHtml: ['protocol', 'course', 'questionHtml'],
    questionRuntime: BELOW_TOP,
    languageServer: [...BELOW_TOP, 'languageServer'],
    cli: [...BELOW_TOP, 'cli'],
    reference: [...BELOW_TOP, 'reference'],
    client: ['protocol', 'client'],
  },
  sharedTypes: [
    'server/src/languageServer/protocol.ts',
    'server/src/languageServer/questionPreviewProtocol.ts',
  ],
};

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

test('the sources have no import cycle', () => {
  const cycles = importCycles(readImportGraph(ROOT, ['server/src', 'client/src']));
  assert.deepEqual(cycles.map((c) => c.join(' -> ')), []);
});

test('every import goes downward through the layers, and the client takes only shared types from the server', () => {
  const graph = readImportGraph(ROOT, ['server/src', 'client/src']);
  assert.ok(graph.size > 100, `only ${graph.size} files read: the walk is broken`);
  assert.deepEqual(layerViolations(graph, RULES), []);
});

test('the shared type modules exist, so that the exemption names real files', () => {
  const graph = readImportGraph(ROOT, ['server/src']);
  for (const file of RULES.sharedTypes) assert.ok(graph.has(file), `${file} is gone: update the list`);
});

test('no source file is over 400 lines without saying why at its top', () => {
  const long: string[] = [];
  for (const file of readImportGraph(ROOT, ['server/src', 'client/src']).keys()) {
    const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    const head = lines.slice(0, 10).join('\n');
    if (lines.length > 400 && !/over 400 lines/i.test(head)) long.push(`${file}: ${lines.length} lines`);
  }
  assert.deepEqual(long, []);
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

test('layers: an upward import, a client import of server code and an unknown folder are reported', () => {
  const graph = graphOf({
    'server/src/course/a.ts': ['server/src/questionHtml/b.ts'],
    'server/src/questionHtml/b.ts': ['server/src/course/a.ts'],
    'server/src/cli/c.ts': ['server/src/languageServer/d.ts'],
    'client/src/e.ts': ['server/src/languageServer/protocol.ts', 'server/src/course/a.ts'],
    'server/src/stray.ts': [],
  });
  assert.deepEqual(layerViolations(graph, RULES), [
    'client/src/e.ts (client) imports server/src/course/a.ts (course)',
    'server/src/cli/c.ts (cli) imports server/src/languageServer/d.ts (languageServer)',
    'server/src/course/a.ts (course) imports server/src/questionHtml/b.ts (questionHtml)',
    'server/src/stray.ts: in no known layer',
  ]);
});
