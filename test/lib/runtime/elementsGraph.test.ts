// pl-graph in real Python: the DOT text the controller hands the page, from inline DOT, a source file,
// an adjacency matrix (PrairieLearn's edge direction, weights shown automatically, negative weights) and
// a networkx graph. PrairieLearn's controller (apps/prairielearn/elements/pl-graph/pl-graph.py at
// commit 5b0bba5 of PrairieLearn/PrairieLearn) builds the same graph with pygraphviz; the page lays it out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elementError, phaseData, pythonJson, runElement } from './elementHarness';

const dotOf = (html: string, extra: Record<string, any> = {}): string => {
  const out = runElement('pl-graph', 'render', html, phaseData('render', extra)).html ?? '';
  const m = /data-dot="([^"]*)"/.exec(out);
  assert.ok(m, `no data-dot in ${out}`);
  return m[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
};
const matrix = (rows: (number | null)[][]) => ({ _type: 'ndarray', _value: rows, _dtype: 'float64' });

test('inline DOT goes to the page unchanged, with the engine, the aria label and the warnings flag', () => {
  const html = runElement('pl-graph', 'render', '<pl-graph engine="neato" aria-label="A -> B" log-warnings="false">digraph { a -> b }</pl-graph>', phaseData('render')).html ?? '';
  assert.match(html, /^<div class="pl-graph" role="img" aria-label="A -&gt; B" data-engine="neato" data-log-warnings="false" data-dot="digraph \{ a -&gt; b \}">/);
  assert.equal(dotOf('<pl-graph>digraph { "a b" -> c [label="1 & 2"] }</pl-graph>'), 'digraph { "a b" -> c [label="1 & 2"] }');
  assert.equal(dotOf('<pl-graph></pl-graph>'), 'strict graph {\n}\n');
});

test('an adjacency matrix: entry [i][j] is an edge j -> i; 0/1 entries hide weights, others show them', () => {
  const unweighted = dotOf('<pl-graph params-name="m"></pl-graph>', { params: { m: matrix([[0, 1], [0, 0]]) } });
  assert.equal(unweighted, 'strict digraph {\n  "0";\n  "1";\n  "1" -> "0";\n}\n');
  const weighted = dotOf('<pl-graph params-name="m" params-name-labels="l" weights-digits="1"></pl-graph>', { params: { m: matrix([[0, 0.5], [0.25, 0]]), l: ['A', 'B'] } });
  assert.match(weighted, /"B" -> "A" \["label"="0\.5"\];/);
  assert.match(weighted, /"A" -> "B" \["label"="0\.2"\];/);
  const legacy = dotOf('<pl-graph params-name-matrix="m" weights="false"></pl-graph>', { params: { m: matrix([[0, 2], [0, 0]]) } });
  assert.match(legacy, /"1" -> "0";/);
});

test('negative weights show only when asked; undirected needs symmetry and draws each edge once', () => {
  const m = matrix([[0, -1], [3, 0]]);
  assert.doesNotMatch(dotOf('<pl-graph params-name="m"></pl-graph>', { params: { m } }), /"1" -> "0"/);
  assert.match(dotOf('<pl-graph params-name="m" negative-weights="true"></pl-graph>', { params: { m } }), /"1" -> "0" \["label"="-1\.00"\]/);
  const sym = dotOf('<pl-graph params-name="m" directed="false"></pl-graph>', { params: { m: matrix([[0, 1], [1, 0]]) } });
  assert.equal(sym, 'strict graph {\n  "0";\n  "1";\n  "1" -- "0";\n}\n');
  assert.match(elementError('pl-graph', 'render', '<pl-graph params-name="m" directed="false"></pl-graph>', phaseData('render', { params: { m } })) ?? '', /must be symmetric/);
  assert.match(elementError('pl-graph', 'render', '<pl-graph params-name="m"></pl-graph>', phaseData('render', { params: { m: matrix([[0, 1, 0], [1, 0, 0]]) } })) ?? '', /Non-square adjacency matrix "m" of size \(2, 3\)/);
  assert.match(elementError('pl-graph', 'render', '<pl-graph params-name="m" params-type="tree"></pl-graph>', phaseData('render', { params: { m } })) ?? '', /Unknown graph type "tree"/);
});

test('a networkx graph from params keeps its direction and node and edge attributes', () => {
  const g = pythonJson(`import networkx as nx, prairielearn as pl
G = nx.DiGraph(); G.add_node('s', color='red'); G.add_edge('s', 't', label='w"1')
print(json.dumps(pl.to_json(G)))`);
  const dot = dotOf('<pl-graph params-type="networkx" params-name="g"></pl-graph>', { params: { g } });
  assert.equal(dot, 'strict digraph {\n  "s" ["color"="red"];\n  "t";\n  "s" -> "t" ["label"="w\\"1"];\n}\n');
});

test('source-file-name reads the DOT from the question folder; bad combinations are refused in prepare', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-graph-'));
  fs.writeFileSync(path.join(dir, 'g.dot'), 'graph { x -- y }');
  const data = phaseData('render');
  data.options.question_path = dir;
  assert.equal(/data-dot="([^"]*)"/.exec(runElement('pl-graph', 'render', '<pl-graph source-file-name="g.dot"></pl-graph>', data).html ?? '')?.[1], 'graph { x -- y }');
  assert.match(elementError('pl-graph', 'render', '<pl-graph source-file-name="none.dot"></pl-graph>', data) ?? '', /Unknown file path/);
  assert.match(elementError('pl-graph', 'prepare', '<pl-graph source-file-name="g.dot">a -- b</pl-graph>', phaseData('prepare')) ?? '', /cannot be added inside html element/);
  assert.match(elementError('pl-graph', 'prepare', '<pl-graph aria-description="x">a</pl-graph>', phaseData('prepare')) ?? '', /requires an "aria-label"/);
  assert.match(elementError('pl-graph', 'prepare', '<pl-graph colour="red">a</pl-graph>', phaseData('prepare')) ?? '', /colour/);
});
