// A student's text is text: every input element of fixtures/trustCourse, in real Python, with the
// breakout payloads in a submission record (as the sidebar opens one) and in raw form answers (parsed
// and graded), renders no tag from them that could run; the question's own scripts carry the render's
// nonce, and only they do.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { QuestionRuntime, type RenderedQuestion } from '../../../server/lib/runtime';
import { activeTags, BREAKOUTS, hostileRaw, hostileRecord, TRUST_COURSE } from './studentPayloads';

const runtime = new QuestionRuntime({ timeoutMs: 60_000, poolSize: 1 });
after(() => runtime.dispose());

const panels = (r: RenderedQuestion) => [r.questionHtml, ...r.submissionHtmls, r.answerHtml ?? ''];

function assertInert(r: RenderedQuestion, what: string): void {
  assert.deepEqual(r.issues.filter((i) => i.fatal), [], `${what}: no fatal issue`);
  for (const html of panels(r)) assert.deepEqual(activeTags(html), [], `${what}: ${html.slice(0, 300)}`);
  assert.equal(r.submissionHtmls.length > 0, true);
}

test('breakout payloads in a submission record reach every panel of every input element as text', { timeout: 600_000 }, async () => {
  const v = await runtime.createVariant(TRUST_COURSE, 'allInputs', '1');
  assert.equal(v.broken, false, JSON.stringify(v.issues));
  const correct = (await runtime.testAnswers(v, 'correct')).raw ?? {};
  const fields = Object.keys(correct);
  assert.ok(fields.includes('o-input') && fields.some((f) => f.startsWith('_file_upload_')), fields.join());
  const parsed = (await runtime.submit(v, correct, 'save')).submittedAnswers;
  for (const p of BREAKOUTS) {
    for (const formatErrors of [false, true]) {
      const r = await runtime.render(v, [hostileRecord(v, p, fields, parsed, formatErrors)]);
      assertInert(r, `${p} (format errors: ${formatErrors})`);
      // The pl-order-blocks block that the question does not have is not shown at all.
      assert.ok(!panels(r).some((h) => h.includes('not-a-block')), 'an unknown block is dropped');
    }
  }
});

test('breakout payloads typed into every input element, saved and graded, render as text', { timeout: 600_000 }, async () => {
  const v = await runtime.createVariant(TRUST_COURSE, 'allInputs', '2');
  const fields = Object.keys((await runtime.testAnswers(v, 'correct')).raw ?? {});
  for (const p of BREAKOUTS) {
    const graded = await runtime.submit(v, hostileRaw(p, fields), 'grade');
    assert.equal(graded.broken, false, JSON.stringify(graded.issues));
    const r = await runtime.render(v, [graded]);
    assertInert(r, p);
    // server.py's feedback quotes the answer; its formatting stays, the student's script tag is text.
    if (p.includes('<script')) assert.ok(r.submissionHtmls[0].includes('&lt;script'), r.submissionHtmls[0].slice(0, 2000));
  }
});

test("the nonce goes to the scripts of question.html and server.py, and to nothing a student wrote, even in {{{ }}}", { timeout: 120_000 }, async () => {
  const v = await runtime.createVariant(TRUST_COURSE, 'authorScripts', '1');
  const sub = await runtime.submit(v, { s: '"><script nonce="x">window.pwned=1</script>' }, 'grade');
  const r = await runtime.render(v, [sub]);
  assert.match(r.nonce ?? '', /^[A-Za-z0-9+/]{24}$/);
  const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  // question.html's and server.py's (server.py adds its script to every panel).
  assert.deepEqual(scripts(r.questionHtml), [`<script nonce="${r.nonce}">`, `<script nonce="${r.nonce}">`], r.questionHtml);
  assert.deepEqual(scripts(r.submissionHtmls[0]), [`<script nonce="${r.nonce}">`, `<script nonce="${r.nonce}">`], r.submissionHtmls[0]);
  assert.ok(r.submissionHtmls[0].includes('&quot;&gt;&lt;script nonce=&quot;x&quot;&gt;window.pwned=1&lt;/script&gt;'), r.submissionHtmls[0]);
  const again = await runtime.render(v, [sub]);
  assert.notEqual(again.nonce, r.nonce, 'a fresh nonce for each render');
});
