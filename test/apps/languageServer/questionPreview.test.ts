// The preview's custom requests, over LSP to the real language server process, running the demo
// course's questions in real Python.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LspClient, temporaryFolder } from './lspClient';
import type { PreviewMethod, PreviewRequests, PreviewState } from '../../../server/lib/protocol/questionPreview';

const DEMO = path.resolve(__dirname, '../../../server/demo-course');
let course: string;
let client: LspClient;

const request = <M extends PreviewMethod>(method: M, params: PreviewRequests[M][0]) =>
  client.connection.sendRequest(method, params) as Promise<PreviewRequests[M][1]>;

before(async () => {
  course = temporaryFolder('pl-preview-');
  fs.cpSync(DEMO, course, { recursive: true });
  client = await LspClient.start([course]);
});
after(() => client.stop());

const areaQuestion = () => path.join(course, 'questions', 'template', 'numericAnswer');

test('createVariant renders the question panel of a seeded variant, the same for the same seed', async () => {
  const a = await request('prairielearn/preview/createVariant', { questionDir: areaQuestion(), seed: 'x1' });
  assert.equal(a.qid, 'template/numericAnswer');
  assert.equal(a.seed, 'x1');
  assert.equal(a.broken, false);
  const { width, height } = a.params as { width: number; height: number };
  assert.match(a.rendered.questionHtml, new RegExp(`${width} cm wide and ${height} cm tall`));
  assert.match(a.rendered.questionHtml, /name="area"/);
  assert.deepEqual(a.submissions, []);
  const b = await request('prairielearn/preview/createVariant', { questionDir: areaQuestion(), seed: 'x1' });
  assert.deepEqual(b.params, a.params);
  assert.notEqual(b.session, a.session);
  const other = await request('prairielearn/preview/createVariant', { questionDir: areaQuestion() });
  assert.match(other.seed, /^[0-9a-z]+$/, 'a random base-36 seed');
});

test('submit grades: right and wrong answers, a format error, then the answer panel', async () => {
  const v = await request('prairielearn/preview/createVariant', { questionDir: areaQuestion(), seed: '7' });
  const area = (v.correctAnswers as { area: number }).area;
  const right = await request('prairielearn/preview/submit', { session: v.session, raw: { area: String(area) }, action: 'grade' });
  assert.deepEqual(right.submissions.map((s) => s.score), [1]);
  assert.equal(right.rendered.submissionHtmls.length, 1);
  assert.ok(right.rendered.answerHtml?.includes(String(area)), 'the answer panel shows the correct answer');
  const wrong = await request('prairielearn/preview/submit', { session: v.session, raw: { area: String(area + 5) }, action: 'grade' });
  assert.deepEqual(wrong.submissions.map((s) => s.score), [1, 0]);
  const junk = await request('prairielearn/preview/submit', { session: v.session, raw: { area: 'twelve' }, action: 'grade' });
  const last = junk.submissions.at(-1)!;
  assert.equal(last.gradable, false);
  assert.equal(last.score, null);
  assert.ok(Object.keys(last.formatErrors).includes('area'));
  const saved = await request('prairielearn/preview/submit', { session: v.session, raw: { area: '3' }, action: 'save' });
  assert.equal(saved.submissions.at(-1)!.action, 'save');
  assert.equal(saved.submissions.at(-1)!.graded, false);
  assert.equal(saved.rendered.submissionHtmls.length, 3, 'the newest three submissions');
});

test('render after a server.py edit: an exception is an issue at its line, a harmless edit keeps the submissions', async () => {
  const dir = path.join(course, 'questions', 'algebra', 'linearEquation');
  const serverPy = path.join(dir, 'server.py');
  const original = fs.readFileSync(serverPy, 'utf8');
  const v = await request('prairielearn/preview/createVariant', { questionDir: dir, seed: 'abc' });
  const x = (v.correctAnswers as { x: number }).x;
  await request('prairielearn/preview/submit', { session: v.session, raw: { x: String(x) }, action: 'grade' });
  try {
    const lines = original.split('\n');
    const at = lines.findIndex((l) => l.includes('data["params"]["a"]'));
    lines.splice(at, 0, '    raise ValueError("no a today")');
    fs.writeFileSync(serverPy, lines.join('\n'));
    const broken = await request('prairielearn/preview/render', { session: v.session });
    assert.equal(broken.broken, true);
    assert.equal(broken.sameVariant, false);
    assert.deepEqual(broken.submissions, [], 'another variant: its submissions go');
    const issue = broken.issues.find((i) => i.fatal && i.file === serverPy);
    assert.ok(issue, JSON.stringify(broken.issues));
    assert.equal(issue.line, at + 1);
    assert.match(issue.traceback ?? issue.message, /no a today/);

    fs.writeFileSync(serverPy, `# a comment changes nothing the variant holds\n${original}`);
    const fixed = await request('prairielearn/preview/render', { session: v.session });
    assert.equal(fixed.broken, false);
    assert.equal(fixed.issues.filter((i) => i.fatal).length, 0);
    assert.deepEqual(fixed.params, v.params, 'the same seed generates the same params again');
    assert.equal(fixed.sameVariant, false, 'coming back from a broken variant');
    const graded = await request('prairielearn/preview/submit', { session: v.session, raw: { x: String(x) }, action: 'grade' });
    assert.deepEqual(graded.submissions.map((s) => s.score), [1]);
    fs.writeFileSync(serverPy, `# another comment\n${original}`);
    const again = await request('prairielearn/preview/render', { session: v.session });
    assert.equal(again.sameVariant, true);
    assert.deepEqual(again.submissions.map((s) => s.score), [1], 'the same variant keeps its submissions');
  } finally {
    fs.writeFileSync(serverPy, original);
  }
});

test('file answers placeholder URLs it serves and says why for others', async () => {
  const v = await request('prairielearn/preview/createVariant', { questionDir: areaQuestion(), seed: '1' });
  const notOurs = await request('prairielearn/preview/file', { session: v.session, url: 'plfile:/clientFilesQuestion/a.png' });
  assert.match(notOurs.error ?? '', /not a file the question makes/);
  const noSubmission = await request('prairielearn/preview/file', { session: v.session, url: 'plfile:/submissionFiles/0/a.txt' });
  assert.match(noSubmission.error ?? '', /no submission 0/);
});

test('a file server.py makes is served for the placeholder URL the page refers to', async () => {
  const dir = path.join(course, 'questions', 'previewDynamic');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'info.json'), JSON.stringify({ uuid: 'a3f1c2d4-0b6e-4c1a-9d2e-5f6a7b8c9d0e', title: 'Dynamic', topic: 'Algebra', type: 'v3' }));
  fs.writeFileSync(path.join(dir, 'question.html'), '<img src="{{options.client_files_question_dynamic_url}}/data.txt">');
  fs.writeFileSync(path.join(dir, 'server.py'), 'def generate(data):\n    data["params"]["k"] = 42\n\n\ndef file(data):\n    if data["filename"] == "data.txt":\n        return f"k={data[\'params\'][\'k\']}"\n');
  const v = await request('prairielearn/preview/createVariant', { questionDir: dir });
  const url = /src="(plfile:[^"]+)"/.exec(v.rendered.questionHtml)?.[1];
  assert.equal(url, 'plfile:/generatedFilesQuestion/variant/data.txt');
  const file = await request('prairielearn/preview/file', { session: v.session, url });
  assert.equal(Buffer.from(file.base64 ?? '', 'base64').toString(), 'k=42');
});

test('renderSubmission shows an API submission in the question panels', async () => {
  const state: PreviewState = await request('prairielearn/preview/renderSubmission', {
    questionDir: areaQuestion(),
    submission: {
      params: { width: 3, height: 4 },
      true_answer: { area: 12 },
      submitted_answer: { area: 11 },
      raw_submitted_answer: { area: '11' },
      format_errors: {},
      partial_scores: { area: { score: 0 } },
      score: 0,
      feedback: {},
      variant_seed: 'q',
    },
  });
  assert.match(state.rendered.questionHtml, /3 cm wide and 4 cm tall/);
  assert.equal(state.rendered.submissionHtmls.length, 1);
  assert.match(state.rendered.submissionHtmls[0], /11/);
  assert.match(state.rendered.answerHtml ?? '', /12/);
  assert.deepEqual(state.submissions.map((s) => s.score), [0]);
});

test('bad requests get clear errors and the server keeps serving', async () => {
  await assert.rejects(request('prairielearn/preview/createVariant', { questionDir: course }), /not a question folder/);
  await assert.rejects(request('prairielearn/preview/render', { session: 'gone' }), /expired/);
  const v = await request('prairielearn/preview/createVariant', { questionDir: areaQuestion(), seed: 'zzzzzzzzzzzz' });
  assert.equal(v.broken, true, 'a seed past 2^32');
  assert.match(v.issues[0].message, /seed/);
  assert.equal(await request('prairielearn/preview/close', { session: v.session }), null);
  assert.ok(client.alive);
});

test('Save & Grade of a Python autograder question grades it with the built-in grader and shows the results', async () => {
  const fixture = path.resolve(__dirname, '../../lib/runtime/fixtures/autograder');
  fs.cpSync(path.join(fixture, 'questions/points'), path.join(course, 'questions/autograderPoints'), { recursive: true });
  fs.cpSync(path.join(fixture, 'serverFilesCourse/aglib'), path.join(course, 'serverFilesCourse/aglib'), { recursive: true });
  const v = await request('prairielearn/preview/createVariant', { questionDir: path.join(course, 'questions/autograderPoints'), seed: '1' });
  const field = `_file_editor_${createHash('sha1').update('user_code.py').digest('hex')}`;
  const answer = fs.readFileSync(path.join(fixture, 'questions/points/tests/ans.py'));
  const graded = await request('prairielearn/preview/submit', { session: v.session, raw: { [field]: answer.toString('base64') }, action: 'grade' });
  assert.deepEqual(graded.submissions.map((s) => [s.graded, s.score]), [[true, 1]]);
  assert.match(graded.rendered.submissionHtmls[0], /Score: 100%/);
  const broken = await request('prairielearn/preview/submit', { session: v.session, raw: { [field]: Buffer.from('def square(x) return x').toString('base64') }, action: 'grade' });
  assert.deepEqual([broken.submissions.at(-1)!.gradable, broken.submissions.at(-1)!.formatErrors], [false, { _external_grader: ['Your code has a syntax error.'] }]);
});
