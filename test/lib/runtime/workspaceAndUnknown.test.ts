// Through the whole runtime: a workspace question (info.json workspaceOptions) gets PrairieLearn's
// required-file params between generate and prepare (apps/prairielearn/src/lib/question-variant.ts at
// PrairieLearn commit 88fb8556a7a1768e2082736be9095241b11238d7) and the preview's workspace address; a
// pl-* tag that is on no element list is boxed with a link, and the question still renders and grades.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { QuestionRuntime, testVariant } from '../../../server/lib/runtime';
import { withWorkspaceFiles } from '../../../server/lib/runtime/phaseData';
import type { QuestionSource } from '../../../server/lib/runtime/question';
import { isGlobPattern } from '../../../server/lib/runtime/workspace';

const runtime = new QuestionRuntime({ timeoutMs: 10000, memoryMb: 1024, poolSize: 1 });
const courses: string[] = [];
after(async () => {
  await runtime.dispose();
  for (const dir of courses) fs.rmSync(dir, { recursive: true, force: true });
});

function course(info: Record<string, unknown>, files: Record<string, string>, root = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ws-course-'))): string {
  courses.push(root);
  fs.writeFileSync(path.join(root, 'infoCourse.json'), JSON.stringify({ uuid: '5d0c2a1e-7f3b-4e6a-9c8d-1b2a3c4d5e6f', name: 'W', title: 'W', topics: [] }));
  const q = path.join(root, 'questions', 'q');
  fs.mkdirSync(q, { recursive: true });
  fs.writeFileSync(path.join(q, 'info.json'), JSON.stringify({ uuid: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b', title: 'q', topic: 'T', type: 'v3', ...info }));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(q, name)), { recursive: true });
    fs.writeFileSync(path.join(q, name), text);
  }
  return root;
}

test('graded files without wildcards become required files; the page has the button and the note', async () => {
  const root = course(
    { workspaceOptions: { image: 'prairielearn/workspace-xtermjs', port: 8080, home: '/home/prairielearner', gradedFiles: ['a.c', 'docs/*.txt', 'b.h'] } },
    { 'question.html': '<pl-question-panel><pl-workspace></pl-workspace></pl-question-panel>', 'server.py': 'def generate(data):\n    data["params"]["_required_file_names"] = ["readme.md"]\n', 'workspace/a.c': 'int main;' },
  );
  const v = await runtime.createVariant(root, 'q', '1');
  assert.equal(v.broken, false, JSON.stringify(v.issues));
  assert.deepEqual(v.params._workspace_required_file_names, ['a.c', 'b.h']);
  assert.deepEqual(v.params._required_file_names, ['readme.md', 'a.c', 'b.h']);
  const page = await runtime.render(v);
  assert.deepEqual(page.unsupportedElements, []);
  assert.match(page.questionHtml, /Open workspace<\/a>/);
  assert.match(page.questionHtml, /<li><code>a.c<\/code> <small class="text-muted">from workspace\/, graded<\/small><\/li>/);
});

test('without workspaceOptions pl-workspace is the error PrairieLearn gives', async () => {
  const root = course({}, { 'question.html': '<pl-workspace></pl-workspace>' });
  const v = await runtime.createVariant(root, 'q', '1');
  assert.equal(v.params._workspace_required_file_names, undefined);
  const page = await runtime.render(v);
  assert.match(page.issues.map((i) => i.message).join('\n'), /Workspace URL not found/);
});

test('an unknown pl-* element gets a box with its name and a docs link before its content; child tags and other tags pass; the question still grades', async () => {
  const root = course({}, {
    'question.html': '<p>Before</p><pl-hologram answers-name="h" depth="3"><b>inner</b></pl-hologram><pl-answer>stray</pl-answer><my-tag>kept</my-tag>' +
      '<pl-integer-input answers-name="n" correct-answer="4"></pl-integer-input>',
  });
  const v = await runtime.createVariant(root, 'q', '1');
  assert.equal(v.broken, false, JSON.stringify(v.issues));
  const page = await runtime.render(v);
  assert.deepEqual(page.unsupportedElements, ['pl-hologram']);
  assert.match(page.questionHtml, /<div class="pl-unsupported-element pl-unknown-element alert alert-warning" data-element="pl-hologram">&lt;pl-hologram&gt; is not an element this preview knows; it may be newer than this extension \(<a href="https:\/\/prairielearn.readthedocs.io\/en\/latest\/elements\/pl-hologram\/">/);
  // The tag and its content stay after the box, as PrairieLearn leaves a tag it has no element for.
  assert.match(page.questionHtml, /<\/a>\)<\/div><pl-hologram answers-name="h" depth="3"><b>inner<\/b><\/pl-hologram>/);
  assert.match(page.questionHtml, /<pl-answer>stray<\/pl-answer><my-tag>kept<\/my-tag>/);
  const s = await runtime.submit(v, { n: '4' }, 'grade');
  assert.equal(s.score, 1);
});

test('a question test counts only PrairieLearn elements as not run: a tag PrairieLearn does not know is plain HTML there too', async () => {
  const root = course({}, {
    'question.html': '<pl-hide-in-answer-panel><p>kept</p></pl-hide-in-answer-panel><pl-sketch answers-name="s" allow-blank="true"></pl-sketch>' +
      '<pl-integer-input answers-name="n" correct-answer="4"></pl-integer-input>',
  });
  const verdict = await testVariant(runtime, root, 'q', '1');
  // pl-sketch, the last of PrairieLearn's elements to get a controller here, runs.
  assert.deepEqual(verdict.unsupportedElements, []);
  assert.deepEqual(verdict.findings.filter((f) => f.code === 'element-not-previewed'), []);
  assert.equal(verdict.correctAnswerScore, 1);
});

// PrairieLearn 88fb855, apps/prairielearn/src/lib/question-variant.ts: graded files for which
// fg.isDynamicPattern(file, workspaceFastGlobDefaultOptions) (packages/workspace-utils: extglob and
// braceExpansion false) is false are required. Expected values checked with fast-glob 3.3.3.
test('glob patterns as PrairieLearn counts them (fast-glob, no extglob, no braces)', () => {
  const globs = ['*.c', 'dir/*', 'a?.txt', 'f[0-9].c', '[ab].py', '!a.c', '!(a).c', '(a|b).c', 'a\\b.c'];
  const names = ['a.c', 'dir/file.txt', 'my-file_1.py', 'x{y}.c', '{a,b}.c', '{a..c}.c', '@(x).c', '@(a|b).c',
    'a+(b).c', 'x(y).c', 'x[.c', 'a]b.c', 'a!b.c', 'dir/sub dir/f.txt', ''];
  for (const g of globs) assert.equal(isGlobPattern(g), true, g);
  for (const f of names) assert.equal(isGlobPattern(f), false, f);
});

test('a workspace question requires the graded files that are not globs', () => {
  const q = { workspaceGradedFiles: ['main.c', '{a,b}.c', '*.h'] } as unknown as QuestionSource;
  const params = withWorkspaceFiles(q, { _required_file_names: ['x.py'] });
  assert.deepEqual(params._workspace_required_file_names, ['main.c', '{a,b}.c']);
  assert.deepEqual(params._required_file_names, ['x.py', 'main.c', '{a,b}.c']);
});

test('pl-* tags that a course element returns (its own child tags) are not boxed', async () => {
  const root = course({}, { 'question.html': '<pl-split-view><pl-content>left</pl-content></pl-split-view>' });
  const el = path.join(root, 'elements', 'pl-split-view');
  fs.mkdirSync(el, { recursive: true });
  fs.writeFileSync(path.join(el, 'info.json'), JSON.stringify({ controller: 'pl-split-view.py' }));
  fs.writeFileSync(path.join(el, 'pl-split-view.py'), 'import prairielearn as pl\nimport lxml.html\n\n\ndef render(element_html, data):\n    return "<div class=\\"split\\">" + pl.inner_html(lxml.html.fragment_fromstring(element_html)) + "</div>"\n');
  const page = await runtime.render(await runtime.createVariant(root, 'q', '1'));
  assert.deepEqual(page.issues, []);
  assert.deepEqual(page.unsupportedElements, []);
  assert.match(page.questionHtml, /<div class="split"><pl-content>left<\/pl-content><\/div>/);
});
