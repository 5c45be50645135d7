// pl-order-blocks in real Python: prepare, the hidden <name>-input JSON, grading methods
// ordered/unordered/ranking/dag (+ pl-block-group), lcs partial credit, feedback, external files, test().
// Behaviour as PrairieLearn 88fb8556a7a1768e2082736be9095241b11238d7, elements/pl-order-blocks/pl-order-blocks.py
// and order_blocks_options_parsing.py (draws and values are held to recorded ones in upstreamFixtures.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData } from './elementHarness';
import { type Variant, makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const EL = 'pl-order-blocks';
const blocks = (method: string, extra = '') => `<pl-order-blocks answers-name="p" grading-method="${method}" ${extra}>
  <pl-answer>a = 1</pl-answer><pl-answer>b = 2</pl-answer><pl-answer>c = a + b</pl-answer><pl-answer>print(c)</pl-answer>
  <pl-answer correct="false">print(d)</pl-answer></pl-order-blocks>`;

function answer(v: Variant, texts: string[], indent: Record<string, number> = {}): string {
  const shown = v.params.p as { inner_html: string; uuid: string }[];
  return JSON.stringify(texts.map((t) => {
    const b = shown.find((s) => s.inner_html === t);
    assert.ok(b, `block ${t}`);
    return { inner_html: t, indent: indent[t] ?? 0, uuid: b.uuid };
  }));
}

test('pl-order-blocks prepare: all correct blocks plus distractors, alphabetized by default', () => {
  const v = makeVariant(EL, blocks('ordered'));
  assert.deepEqual(v.params.p.map((b: any) => b.inner_html), ['a = 1', 'b = 2', 'c = a + b', 'print(c)', 'print(d)']);
  assert.deepEqual(v.correct_answers.p.map((b: any) => b.inner_html), ['a = 1', 'b = 2', 'c = a + b', 'print(c)']);
  const none = makeVariant(EL, blocks('ordered', 'min-incorrect="0" max-incorrect="0"'));
  assert.equal(none.params.p.length, 4);
  // min-incorrect defaults to every distractor, so a lower max-incorrect alone is refused, as in PrairieLearn.
  assert.match(elementError(EL, 'prepare', blocks('ordered', 'max-incorrect="0"'), phaseData('prepare')) ?? '', /min-incorrect must be smaller than max-incorrect/);
  const bad = '<pl-order-blocks answers-name="p" grading-method="ordered"><pl-answer ranking="1">x</pl-answer></pl-order-blocks>';
  assert.match(elementError(EL, 'prepare', bad, phaseData('prepare')) ?? '', /ranking/);
  assert.match(elementError(EL, 'prepare', '<pl-order-blocks answers-name="p"><p>x</p></pl-order-blocks>', phaseData('prepare')) ?? '', /only pl-answer/);
});

test('pl-order-blocks ordered: all or nothing by default, lcs partial credit when asked', () => {
  const html = blocks('ordered');
  const v = makeVariant(EL, html);
  const full = ['a = 1', 'b = 2', 'c = a + b', 'print(c)'];
  assert.deepEqual(submit(EL, html, v, { 'p-input': answer(v, full) }).partial_scores.p, { score: 1, weight: 1, feedback: '' });
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, ['b = 2', 'a = 1', 'c = a + b', 'print(c)']) }).partial_scores.p.score, 0);
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, full.slice(0, 2)) }).partial_scores.p.score, 0);
  const lcsHtml = blocks('ordered', 'partial-credit="lcs"');
  const lv = makeVariant(EL, lcsHtml);
  // One deletion + one insertion turns b,a,c,print into a valid order: (4 - 2) / 4.
  assert.equal(submit(EL, lcsHtml, lv, { 'p-input': answer(lv, ['b = 2', 'a = 1', 'c = a + b', 'print(c)']) }).partial_scores.p.score, 0.5);
  // A distractor costs one deletion: (4 - 1) / 4 = 0.75.
  assert.equal(submit(EL, lcsHtml, lv, { 'p-input': answer(lv, [...full, 'print(d)']) }).partial_scores.p.score, 0.75);
});

test('pl-order-blocks first-wrong feedback (ranking and dag only), verbose distractor feedback', () => {
  // Facts from PrairieLearn's pl-order-blocks.py (prepare checks, FIRST_WRONG_FEEDBACK, default partial credit).
  const html = `<pl-order-blocks answers-name="p" grading-method="dag" feedback="first-wrong-verbose" partial-credit="none">
    <pl-answer tag="1">a = 1</pl-answer><pl-answer tag="2" depends="1">b = a</pl-answer><pl-answer tag="3" depends="2">print(b)</pl-answer>
    <pl-answer correct="false" distractor-feedback="b is not defined yet">print(c)</pl-answer></pl-order-blocks>`;
  const v = makeVariant(EL, html);
  const swapped = submit(EL, html, v, { 'p-input': answer(v, ['b = a', 'a = 1']) }).partial_scores.p;
  assert.equal(swapped.score, 0);
  assert.equal(swapped.feedback, 'Your answer is incorrect starting at <span style="color:red;">block number 1</span>.\n        The problem is most likely one of the following:\n'
    + '        <ul><li> This block is not a part of the correct solution </li>\n        <li>This block needs to come after a block that did not appear before it </li></ul>');
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, ['a = 1']) }).partial_scores.p.feedback, 'Your answer is correct so far, but it is incomplete.');
  const distractor = submit(EL, html, v, { 'p-input': answer(v, ['a = 1', 'print(c)']) }).partial_scores.p.feedback;
  assert.equal(distractor, 'Your answer is incorrect starting at <span style="color:red;">block number 2</span> as the block at that location is not a part of any correct solution.');
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, ['a = 1', 'b = a', 'print(b)']) }).partial_scores.p.feedback, '');
  const err = (h: string) => elementError(EL, 'prepare', h, phaseData('prepare')) ?? '';
  assert.match(err(blocks('ordered', 'feedback="first-wrong"')), /feedback type first-wrong is not available with the ordered grading-method/);
  assert.match(err(blocks('unordered', 'partial-credit="lcs"')), /only specify partial credit options in the DAG, ordered, and ranking/);
  assert.match(err('<pl-order-blocks answers-name="p"><pl-answer indent="1">x</pl-answer></pl-order-blocks>'), /should not specify indentation/);
  assert.match(err('<pl-order-blocks answers-name="p" grading-method="dag"><pl-answer tag="1">x</pl-answer><pl-answer tag="1">y</pl-answer></pl-order-blocks>'), /Tag "1" used in multiple places/);
  assert.match(err('<pl-order-blocks answers-name="p" grading-method="dag"><pl-answer tag="1">x</pl-answer><pl-answer correct="false" distractor-for="9">y</pl-answer></pl-order-blocks>'), /distractor-for tags do not have matching correct answer tags/);
  assert.equal(elementError(EL, 'prepare', '<pl-order-blocks answers-name="p" grading-method="dag"><pl-answer tag="1" distractor-for="1">x</pl-answer></pl-order-blocks>', phaseData('prepare')), null,
    'PrairieLearn does not check distractor-for on a correct block');
  assert.match(err('<pl-order-blocks answers-name="p" grading-method="dag"><pl-answer tag="1">x</pl-answer><pl-answer correct="false" ordering-feedback="no">y</pl-answer></pl-order-blocks>'),
    /ordering-feedback attribute may only be used on blocks with correct=true/);
  assert.match(err('<pl-order-blocks answers-name="p"><pl-block-group><pl-answer>x</pl-answer></pl-block-group></pl-order-blocks>'), /Block groups only supported in the "dag" grading mode/);
});

test('pl-order-blocks unordered: (correct - extra) / #true', () => {
  const html = blocks('unordered');
  const v = makeVariant(EL, html);
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, ['print(c)', 'a = 1', 'c = a + b', 'b = 2']) }).partial_scores.p.score, 1);
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, ['a = 1', 'b = 2', 'print(d)']) }).partial_scores.p.score, 0.25);
});

test('pl-order-blocks dag with depends and pl-block-group; ranking', () => {
  const dag = `<pl-order-blocks answers-name="p" grading-method="dag" partial-credit="lcs">
    <pl-answer tag="1">a = 1</pl-answer><pl-answer tag="2">b = 2</pl-answer>
    <pl-answer tag="3" depends="1,2">c = a + b</pl-answer>
    <pl-block-group tag="g" depends="3"><pl-answer tag="4">x = c</pl-answer><pl-answer tag="5" depends="4">print(x)</pl-answer></pl-block-group>
    <pl-answer tag="6" depends="g">done()</pl-answer></pl-order-blocks>`;
  const v = makeVariant(EL, dag);
  assert.deepEqual(v.correct_answers.p.map((b: any) => b.tag), ['1', '2', '3', '4', '5', '6']);
  const ok = submit(EL, dag, v, { 'p-input': answer(v, ['b = 2', 'a = 1', 'c = a + b', 'x = c', 'print(x)', 'done()']) });
  assert.equal(ok.partial_scores.p.score, 1, 'independent blocks may swap');
  const early = submit(EL, dag, v, { 'p-input': answer(v, ['a = 1', 'c = a + b', 'b = 2', 'x = c', 'print(x)', 'done()']) });
  assert.equal(early.partial_scores.p.score, 0.67, 'rounded to 2 decimals: (6 - 2) / 6');
  const ranking = `<pl-order-blocks answers-name="p" grading-method="ranking">
    <pl-answer ranking="1">one</pl-answer><pl-answer ranking="2">two a</pl-answer><pl-answer ranking="2">two b</pl-answer><pl-answer ranking="3">three</pl-answer></pl-order-blocks>`;
  const rv = makeVariant(EL, ranking);
  assert.equal(submit(EL, ranking, rv, { 'p-input': answer(rv, ['one', 'two b', 'two a', 'three']) }).partial_scores.p.score, 1);
  assert.equal(submit(EL, ranking, rv, { 'p-input': answer(rv, ['two a', 'one', 'two b', 'three']) }).partial_scores.p.score, 0, 'no partial credit unless asked');
  const lcs = ranking.replace('grading-method="ranking"', 'grading-method="ranking" partial-credit="lcs"');
  const lv = makeVariant(EL, lcs);
  assert.equal(submit(EL, lcs, lv, { 'p-input': answer(lv, ['two a', 'one', 'two b', 'three']) }).partial_scores.p.score, 0.5);
});

test('pl-order-blocks indentation is graded when indentation="true"', () => {
  const html = `<pl-order-blocks answers-name="p" indentation="true"><pl-answer indent="0">if x:</pl-answer><pl-answer indent="1">y()</pl-answer></pl-order-blocks>`;
  const v = makeVariant(EL, html);
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, ['if x:', 'y()'], { 'y()': 1 }) }).partial_scores.p.score, 1);
  assert.equal(submit(EL, html, v, { 'p-input': answer(v, ['if x:', 'y()']) }).partial_scores.p.score, 0);
});

test('pl-order-blocks format errors: blank, malformed, unknown block', () => {
  const html = blocks('ordered');
  const v = makeVariant(EL, html);
  assert.match(submit(EL, html, v, { 'p-input': '[]' }).format_errors.p, /blank; the answer area must contain at least one block/);
  assert.match(submit(EL, html, v, { 'p-input': '{"a": 1}' }).format_errors.p, /not in the expected format/);
  assert.match(submit(EL, html, v, { 'p-input': '[{"inner_html": "x", "uuid": "nope"}]' }).format_errors.p, /not in the expected format/);
  const blank = blocks('ordered', 'allow-blank="true"');
  assert.equal(submit(EL, blank, makeVariant(EL, blank), { 'p-input': '[]' }).partial_scores.p.score, 0);
});

test('pl-order-blocks external grading writes the arranged code as a file', () => {
  const html = `<pl-order-blocks answers-name="p" grading-method="external" file-name="prog.py"><pl-answer>def f():</pl-answer><pl-answer>return 1</pl-answer></pl-order-blocks>`;
  const v = makeVariant(EL, html);
  const d = submit(EL, html, v, { 'p-input': answer(v, ['def f():', 'return 1'], { 'return 1': 1 }) });
  assert.equal(d.submitted_answers._files[0].name, 'prog.py');
  assert.equal(Buffer.from(d.submitted_answers._files[0].contents, 'base64').toString(), 'def f():\n    return 1\n');
  assert.deepEqual(d.partial_scores, { p: { score: 0, feedback: '', weight: 1 } }, "PrairieLearn's grade leaves the score at 0 for the external grader");
  assert.equal(render(EL, html, v, 'submission', d), '');
  assert.equal(render(EL, html, v, 'answer', {}, { options: { ...phaseData('render-answer').options, question_path: '/nonexistent' } }),
    'The reference solution is not provided for this question.');
});

test('pl-order-blocks format="code" wraps blocks in pl-code; the external file holds their text', () => {
  const html = `<pl-order-blocks answers-name="p" grading-method="external" format="code" code-language="python"><pl-answer>x = 1 &lt; 2</pl-answer></pl-order-blocks>`;
  const v = makeVariant(EL, html);
  assert.equal(v.params.p[0].inner_html, '<pl-code language="python">x = 1 &lt; 2</pl-code>');
  const d = submit(EL, html, v, { 'p-input': JSON.stringify([{ inner_html: v.params.p[0].inner_html, indent: 0, uuid: v.params.p[0].uuid }]) });
  assert.equal(Buffer.from(d.submitted_answers._files[0].contents, 'base64').toString(), 'x = 1 < 2\n');
  assert.match(render(EL, html, v, 'question'), /<span class="pl-order-block-content"><pl-code language="python">/);
  assert.match(elementError(EL, 'prepare', blocks('ordered', 'code-language="python"'), phaseData('prepare')) ?? '', /code-language attribute may only be used with format="code"/);
});

test('pl-order-blocks renders each panel from its own blocks; the hidden input starts empty', () => {
  const html = blocks('ordered');
  const v = makeVariant(EL, html);
  const raw = answer(v, ['a = 1', 'b = 2']);
  const graded = submit(EL, html, v, { 'p-input': raw });
  const q = render(EL, html, v, 'question', { ...graded, raw_submitted_answers: { 'p-input': raw } });
  // PrairieLearn's page script fills the field from the lists; the placed blocks come from the parsed submission.
  assert.match(q, /<input type="hidden" name="p-input" value="">/);
  assert.match(q, /pl-order-blocks-answer[^>]*>[\s\S]*data-inner-html="a = 1"[\s\S]*data-inner-html="b = 2"[\s\S]*<\/ol>/);
  assert.equal((q.match(/pl-order-block"/g) ?? []).length, 5, 'every block shown once');
  assert.match(q, /badge text-bg-danger/);
  const s = render(EL, html, v, 'submission', graded);
  assert.match(s, /a = 1[\s\S]*b = 2/);
  assert.match(render(EL, html, v, 'answer'), /a = 1[\s\S]*b = 2[\s\S]*c = a \+ b[\s\S]*print\(c\)/);
});

test('pl-order-blocks test() agrees with parse and grade', () => {
  for (const html of [blocks('ordered'), blocks('unordered'), blocks('ordered', 'partial-credit="lcs"'), blocks('ranking', 'feedback="first-wrong"'),
    blocks('dag', 'feedback="first-wrong-verbose"')]) {
    for (const seed of [1, 2]) {
      const v = makeVariant(EL, html, seed);
      assert.equal(selfTest(EL, html, v, 'correct').expected.partial_scores.p.score, 1);
      assert.ok(selfTest(EL, html, v, 'incorrect').expected.partial_scores.p.score < 1);
      assert.ok('p' in selfTest(EL, html, v, 'invalid').expected.format_errors);
    }
  }
});
