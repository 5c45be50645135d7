import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkCourseFiles, checkFolder, withCode, writeCourse, BASE_COURSE } from '../../helpers/course';
import { runCli } from '../../apps/plCheck/runCli';

const INFO = { uuid: '11111111-2222-4333-8444-555555555555', title: 'Q', topic: 'Basics', type: 'v3' };
const question = (html: string, extra: Record<string, string | object> = {}, qid = 'q1') => {
  const files: Record<string, string | object> = { [`questions/${qid}/info.json`]: INFO, [`questions/${qid}/question.html`]: html };
  for (const [rel, content] of Object.entries(extra)) files[rel.startsWith('/') ? rel.slice(1) : `questions/${qid}/${rel}`] = content;
  return files;
};

test('question.html problems come with the course check, at their line and text', () => {
  const found = checkCourseFiles(question('<p>x</p>\n<pl-number-input answers-name="a"></pl-number-input>\n<pl-number-input answers-name="a"></pl-number-input>\n'));
  const dups = withCode(found, 'duplicate-answers-name');
  assert.deepEqual(dups.map((d) => [d.relPath, d.line, d.text, d.severity]), [
    ['questions/q1/question.html', 2, 'a', 'error'],
    ['questions/q1/question.html', 3, 'a', 'error'],
  ]);
  assert.equal(dups[0].related?.[0].file, dups[1].file);
});

test('files named by attributes: default folder, directory, dynamic and generated files', () => {
  const html = [
    '<pl-figure file-name="there.png"></pl-figure>',
    '<pl-figure file-name="missing.png"></pl-figure>',
    '<pl-figure file-name="logo.png" directory="clientFilesCourse"></pl-figure>',
    '<pl-figure file-name="plot.png" type="dynamic"></pl-figure>',
    '<pl-figure file-name="{{params.f}}"></pl-figure>',
    '<pl-code source-file-name="code.py" language="python"></pl-code>',
    '<pl-code source-file-name="lib.py" directory="serverFilesCourse" language="python"></pl-code>',
    '<pl-code source-file-name="gone.py" directory="clientFilesQuestion"></pl-code>',
    '<pl-template file-name="t.mustache"></pl-template>',
    '<img src="{{options.client_files_question_url}}/there.png"><img src="{{options.client_files_question_url}}/nope.png?x=1">',
    '<a href="{{options.client_files_course_url}}/logo.png">l</a><img src="{{options.client_files_question_url}}/{{params.img}}">',
  ].join('\n');
  const found = checkCourseFiles(
    question(html, {
      'clientFilesQuestion/there.png': 'png',
      'code.py': 'print(1)',
      '/clientFilesCourse/logo.png': 'png',
      '/serverFilesCourse/lib.py': 'x = 1',
    }),
  );
  assert.deepEqual(
    found.filter((d) => d.code.startsWith('missing-')).map((d) => [d.code, d.line, d.text, d.message]),
    [
      ['missing-element-file', 2, 'missing.png', 'File "missing.png" not found in directory "clientFilesQuestion".'],
      ['missing-element-file', 8, 'gone.py', 'File "gone.py" not found in directory "clientFilesQuestion".'],
      ['missing-element-file', 9, 't.mustache', 'File "t.mustache" not found in directory "serverFilesCourse".'],
      ['missing-client-file', 10, 'nope.png', 'File "nope.png" not found in clientFilesQuestion; the browser will get "File not found".'],
    ],
  );
  assert.ok(found.every((d) => d.severity !== 'error'), JSON.stringify(found));
});

test('{{params.x}} names that server.py never sets are warned about, only when the scan can tell', () => {
  const html = '<p>{{params.a}} {{params.b}} {{correct_answers.c}} {{#params.items}}{{name}}{{/params.items}} {{params.mc}}</p><pl-multiple-choice answers-name="mc"><pl-answer correct="true">1</pl-answer></pl-multiple-choice>';
  const serverPy = 'def generate(data):\n    data["params"]["a"] = 1\n    data[\'params\'][\'items\'] = []\n    data["correct_answers"]["c"] = 2\n';
  const found = withCode(checkCourseFiles(question(html, { 'server.py': serverPy })), 'unknown-template-param');
  assert.deepEqual(found.map((d) => [d.text, d.message]), [['params.b', 'server.py never sets data["params"]["b"], so {{params.b}} renders as nothing.']]);

  for (const undecided of [
    'def generate(data):\n    data["params"] = {"a": 1}\n',
    'def generate(data):\n    key = "b"\n    data["params"][key] = 1\n',
    'def generate(data):\n    data["params"].update(make())\n',
    'def generate(data):\n    p = data["params"]\n    p["b"] = 1\n',
    'import helpers\ndef generate(data):\n    helpers.fill(data)\n',
  ]) {
    assert.deepEqual(withCode(checkCourseFiles(question('<p>{{params.b}}</p>', { 'server.py': undecided })), 'unknown-template-param'), [], undecided);
  }
  assert.deepEqual(withCode(checkCourseFiles(question('<p>{{params.b}}</p>')), 'unknown-template-param'), [], 'no server.py');
});

test('course elements under elements/ are known, including their attributes', () => {
  const found = checkCourseFiles(question('<pl-my-widget size="3"></pl-my-widget><pl-other-widget></pl-other-widget>', { '/elements/pl-my-widget/info.json': { controller: 'x.py' } }));
  assert.deepEqual(withCode(found, 'unknown-element').map((d) => d.text), ['pl-other-widget']);
});

test('bad input: binary, huge, unterminated and never-closed templates give diagnostics, never a crash', () => {
  const root = writeCourse({ ...BASE_COURSE, ...question('x'), ...question('<pl-number-input answers-name="a', {}, 'q2'), ...question('<p>{{params.a</p>', {}, 'q3') });
  fs.writeFileSync(path.join(root, 'questions/q1/question.html'), Buffer.from([0x3c, 0x70, 0x3e, 0x00, 0xff, 0xfe, 0x00, 0x01]));
  const big = '<pl-question-panel><p>{{params.a}}</p></pl-question-panel>\n'.repeat(40_000);
  writeCourse({ ...question(big + '<pl-number-input answers-name="z"></pl-number-input><pl-number-input answers-name="z"></pl-number-input>', {}, 'q4') }, root);
  const found = checkFolder(root);
  const by = (qid: string) => found.filter((d) => d.relPath === `questions/${qid}/question.html`).map((d) => d.code);
  assert.deepEqual(by('q1'), ['question-html-skipped']);
  assert.deepEqual(by('q2'), ['html-unterminated-tag']);
  assert.deepEqual(by('q3'), ['mustache-syntax']);
  assert.deepEqual(by('q4'), ['duplicate-answers-name', 'duplicate-answers-name']);
  assert.ok(big.length > 2_000_000);
});

test('the demo course stays clean', () => {
  const found = checkFolder(path.resolve(__dirname, '../../../server/demo-course'));
  assert.deepEqual(found.filter((d) => d.relPath.endsWith('question.html')), []);
});

test('pl-check reports a question.html problem with its line and column', () => {
  const root = writeCourse({ ...BASE_COURSE, ...question('<p>hi</p>\n  <pl-number-input answers-name="a" wieght="2"></pl-number-input>\n') });
  const run = runCli([root]);
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /questions\/q1\/question\.html:2:37/);
  assert.match(run.stdout, /Unknown attribute "wieght" on <pl-number-input>\. Did you mean "weight"\?/);
});
