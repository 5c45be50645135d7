// The preview's sessions as a library, without the language server: a variant and its submissions
// kept by session id, in real Python on the demo course (the requests over LSP are in
// test/apps/languageServer/questionPreview.test.ts).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { locateQuestion, PreviewError, PreviewSessions } from '../../../server/lib/runtime';

const course = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-preview-sessions-'));
fs.cpSync(path.resolve(__dirname, '../../../server/demo-course'), course, { recursive: true });
const question = path.join(course, 'questions', 'template', 'numericAnswer');
const sessions = new PreviewSessions();
after(async () => {
  await sessions.dispose();
  fs.rmSync(course, { recursive: true, force: true });
});

const rejectsWith = (p: Promise<unknown>, kind: PreviewError['kind'], message: RegExp) =>
  assert.rejects(p, (err: unknown) => err instanceof PreviewError && err.kind === kind && message.test(err.message));

test('a question folder is located by its course root; anything else is a bad request', async () => {
  assert.deepEqual(locateQuestion(question), { courseRoot: course, qid: 'template/numericAnswer' });
  assert.throws(() => locateQuestion(course), (err: unknown) => err instanceof PreviewError && err.kind === 'badRequest');
  await rejectsWith(sessions.createVariant({ questionDir: path.join(course, 'questions') }), 'badRequest', /not a question folder/);
});

test('a session keeps its variant and submissions; a re-render of the same seed keeps them, close forgets it', async () => {
  const v = await sessions.createVariant({ questionDir: question, seed: ' X1 ' });
  assert.equal(v.seed, 'x1', 'trimmed and lower-cased');
  const area = (v.correctAnswers as { area: number }).area;
  const graded = await sessions.submit({ session: v.session, raw: { area: String(area) }, action: 'grade' });
  assert.deepEqual(graded.submissions.map((s) => s.score), [1]);
  const again = await sessions.render({ session: v.session });
  assert.equal(again.sameVariant, true);
  assert.deepEqual(again.submissions.map((s) => s.score), [1]);
  assert.equal(sessions.close({ session: v.session }), null);
  await rejectsWith(sessions.render({ session: v.session }), 'badRequest', /expired/);
});

test('file: a submission\'s carried file by its placeholder, and a clear answer for what is not served', async () => {
  const v = await sessions.createVariant({ questionDir: question, seed: '3' });
  assert.deepEqual(await sessions.file({ session: v.session, url: 'plfile:/clientFilesCourse/x.css' }), { error: 'plfile:/clientFilesCourse/x.css is not a file the question makes' });
  assert.deepEqual(await sessions.file({ session: v.session, url: 'plfile:/submissionFiles/0/a.py' }), { error: 'no submission 0' });
  await sessions.submit({ session: v.session, raw: { area: '1' }, action: 'save' });
  assert.deepEqual(await sessions.file({ session: v.session, url: 'plfile:/submissionFiles/0/a.py' }), { error: 'no submitted file a.py' });
});

test('an API submission record renders in its question\'s panels with its own params and answers', async () => {
  const state = await sessions.renderSubmission({
    questionDir: question,
    submission: { params: { width: 3, height: 4 }, true_answer: { area: 12 }, submitted_answer: { area: 11 }, raw_submitted_answer: { area: '11' }, score: 0, variant_seed: '5' },
  });
  assert.equal(state.seed, '5');
  assert.deepEqual(state.params, { width: 3, height: 4 });
  assert.match(state.rendered.questionHtml, /3 cm wide and 4 cm tall/);
  assert.deepEqual(state.submissions.map((s) => s.score), [0]);
});
