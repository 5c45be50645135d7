// PrairieLearn's question packages (server/python/requirements.txt) and Check Python Environment: the
// list read, a real Python probed, a course's imports found, the report, and the README's offline line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareEnvironment, courseImports, formatReport, importedModules, probeModules } from '../../client/src/questionPreview/pythonEnvCheck';
import { aptCommand, parseRequirements, readRequirements } from '../../client/src/questionPreview/pythonRequirements';
import { temporaryFolder } from '../helpers/course';

const REPO = path.resolve(__dirname, '..', '..');

test('the list follows PrairieLearn: its packages capped at its versions, import names and Debian packages', () => {
  const list = readRequirements(REPO);
  // PrairieLearn's root pyproject.toml dependencies at commit 88fb8556a7a1768e2082736be9095241b11238d7.
  assert.equal(list.length, 37);
  const byName = new Map(list.map((r) => [r.name, r]));
  assert.deepEqual(byName.get('scikit-learn'), { spec: 'scikit-learn<=1.9.0', name: 'scikit-learn', version: '1.9.0', module: 'sklearn', debian: 'python3-sklearn' });
  assert.deepEqual(byName.get('automata-lib'), { spec: 'automata-lib<=9.2.0', name: 'automata-lib', version: '9.2.0', module: 'automata' });
  assert.equal(byName.get('typing-extensions')?.module, 'typing_extensions');
  assert.equal(byName.get('pillow')?.module, 'PIL');
  for (const name of ['numpy', 'lxml', 'sympy', 'pandas', 'scipy', 'nltk', 'networkx', 'matplotlib', 'seaborn', 'statsmodels', 'faker', 'pygraphviz', 'schemdraw', 'pint', 'requests', 'jinja2']) {
    assert.ok(byName.has(name), name);
  }
});

test('the README offline line names every Debian package of the list', () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  assert.ok(readme.includes(aptCommand(readRequirements(REPO))), aptCommand(readRequirements(REPO)));
});

test('parseRequirements: comments, blank lines, names without a cap or comment', () => {
  assert.deepEqual(parseRequirements('# head\n\nfoo-bar\nbaz==1.2  # import qux; debian python3-baz\n'), [
    { spec: 'foo-bar', name: 'foo-bar', module: 'foo_bar' },
    { spec: 'baz==1.2', name: 'baz', version: '1.2', module: 'qux', debian: 'python3-baz' },
  ]);
});

test('importedModules: import lists, aliases, dotted names, from-imports; not comments or strings in the middle of lines', () => {
  const src = 'import numpy as np, sympy\nfrom sklearn.linear_model import X\n  import automata.fa.dfa\n# import nope\nx = "import also_nope"\nfrom . import local\n';
  assert.deepEqual(importedModules(src).sort(), ['automata', 'numpy', 'sklearn', 'sympy']);
});

test('courseImports: each module with the QIDs (nested too) and course files that import it', () => {
  const root = temporaryFolder('pl-imports-');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('questions/a/info.json', '{}');
  write('questions/a/server.py', 'import nltk\nimport numpy\n');
  write('questions/topic/b/info.json', '{}');
  write('questions/topic/b/server.py', 'from nltk.corpus import words\n');
  write('questions/topic/b/tests/test.py', 'import faker\n');
  write('serverFilesCourse/lib.py', 'import sklearn\n');
  const users = courseImports(root);
  assert.deepEqual(users.get('nltk'), ['a', 'topic/b']);
  assert.deepEqual(users.get('faker'), ['topic/b']);
  assert.deepEqual(users.get('sklearn'), ['serverFilesCourse/lib.py']);
});

test('a real Python probed: what it has and what it lacks; the report names the questions and the install routes', async () => {
  const list = parseRequirements('json-x  # import json\nnot-a-module-here<=1.0  # import not_a_module_here; debian python3-not-a-module\npip-only<=2  # import pip_only_absent\nunused<=3  # import unused_absent\n');
  const probe = await probeModules('/usr/bin/python3', list);
  assert.ok(!('error' in probe));
  assert.deepEqual(Object.keys(probe.found), ['json']);
  const report = compareEnvironment(list, probe, new Map([['not_a_module_here', ['q1', 'q2']], ['pip_only_absent', ['q3']]]));
  assert.deepEqual(report.missing.map((m) => m.name), ['not-a-module-here', 'pip-only', 'unused']);
  const text = formatReport('/usr/bin/python3', report, ['/c']);
  assert.match(text, /1 of the 4 packages/);
  assert.match(text, /\| not-a-module-here \(`import not_a_module_here`\) \| 1\.0 \| python3-not-a-module \| q1, q2 \|/);
  assert.match(text, /\| unused \(`import unused_absent`\) \| 3 \| none: pip only \| no question \|/);
  assert.match(text, /sudo apt-get install python3-not-a-module\n/);
  assert.match(text, /No Debian package has pip-only; only pip installs it\./);
  const gone = await probeModules('/nonexistent/python3', list);
  assert.ok('error' in gone && /was not found/.test(gone.error));
});
