import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, copyFixtureCourse, type Diagnostic, LspClient } from '../../apps/languageServer/lspClient';

// Over LSP against the built server: deprecations are hints at their use, and the course gets one
// information note on infoCourse.json whose quick fix migrates every use with a safe rewrite.
let root: string;
let client: LspClient;
const file = (qid: string) => path.join(root, 'questions', qid, 'question.html');
const DEPRECATED = new Set(['deprecated-element', 'deprecated-attribute', 'deprecated-attribute-value']);

before(async () => {
  root = copyFixtureCourse();
  fs.writeFileSync(file('addNumbers'), '<pl-matrix-output></pl-matrix-output>\n<pl-code style="x">a</pl-code>\n');
  fs.writeFileSync(file('geometry/triangleArea'), '<pl-checkbox answers-name="c" fixed-order="false"><pl-answer>x</pl-answer></pl-checkbox>\n');
  client = await LspClient.start([root]);
});

after(async () => {
  await client.stop();
});

test('one note per course counts the deprecation hints; its quick fix migrates them all across questions', async () => {
  const info = path.join(root, 'infoCourse.json');
  const notes = await client.waitForDiagnostics(info, (d) => d.some((x) => x.code === 'deprecated-uses'));
  const note = notes.find((x) => x.code === 'deprecated-uses')!;
  assert.equal(note.severity, 3, 'DiagnosticSeverity.Information');
  assert.equal(note.tags, undefined, 'the note itself is not struck through');
  assert.match(String(note.message), /^3 uses of deprecated element features in 2 questions/);
  const hints: Diagnostic[] = [];
  for (const qid of ['addNumbers', 'geometry/triangleArea']) {
    const list = await client.waitForDiagnostics(file(qid), (d) => d.some((x) => DEPRECATED.has(String(x.code))));
    for (const d of list) if (DEPRECATED.has(String(d.code))) hints.push(d);
  }
  assert.equal(hints.length, 3);
  assert.ok(hints.every((d) => d.severity === 4 && d.tags?.[0] === 2), 'hints with the Deprecated tag, out of the Problems panel by default');

  // Quick fixes are asked for where the note is shown: infoCourse.json open in the editor.
  await client.open(info, fs.readFileSync(info, 'utf8'));
  const [shown] = (await client.waitForDiagnostics(info, (d) => d.some((x) => x.code === 'deprecated-uses'))).filter((x) => x.code === 'deprecated-uses');
  const actions = await client.codeActions(info, [shown]);
  const migrate = actions.find((a) => /^Migrate \d+ deprecated uses? with a safe rewrite/.test(a.title));
  assert.ok(migrate?.edit?.changes, JSON.stringify(actions));
  assert.match(migrate.title, /^Migrate 3 deprecated uses with a safe rewrite in 2 questions$/);
  const after = (qid: string) => applyEdits(fs.readFileSync(file(qid), 'utf8'), migrate.edit!.changes![Object.keys(migrate.edit!.changes!).find((u) => u.endsWith(`${qid}/question.html`))!]);
  assert.equal(after('addNumbers'), '<pl-variable-output></pl-variable-output>\n<pl-code style-name="x">a</pl-code>\n');
  assert.equal(after('geometry/triangleArea'), '<pl-checkbox answers-name="c"><pl-answer>x</pl-answer></pl-checkbox>\n');
});
