// pl-multiple-choice, pl-checkbox and pl-dropdown controllers, run in a real Python.
// Facts: PrairieLearn's elements/<name>/<name>.py and docs/reference/questionLifecycle.md, Seeds (prepare uses the seeded `random`).
import { test } from 'node:test';
import * as path from 'node:path';
import assert from 'node:assert/strict';
import { elementError, phaseData, runElement, selfTest, type Data } from './elementHarness';

const MC = 'pl-multiple-choice';
const CB = 'pl-checkbox';
const DD = 'pl-dropdown';

const mc = (attrs = '', answers = '<pl-answer correct="true">Right</pl-answer><pl-answer>Wrong 1</pl-answer><pl-answer feedback="Close!" score="0.5">Half</pl-answer><pl-answer>Wrong 2</pl-answer>') =>
  `<pl-multiple-choice answers-name="q" ${attrs}>${answers}</pl-multiple-choice>`;

function prepared(element: string, html: string, seed = 1): Data {
  return runElement(element, 'prepare', html, phaseData('prepare', { variant_seed: seed }), seed).data;
}

function submitTo(element: string, html: string, variant: Data, raw: unknown): Data {
  const parsed = runElement(element, 'parse', html, phaseData('parse', { ...variant, submitted_answers: raw === undefined ? {} : { q: raw }, raw_submitted_answers: raw === undefined ? {} : { q: raw } })).data;
  if (Object.keys(parsed.format_errors).length) return parsed;
  return runElement(element, 'grade', html, phaseData('grade', { ...variant, submitted_answers: parsed.submitted_answers })).data;
}

test('multiple choice prepare: one correct choice, keys a.., the same variant for the same seed', () => {
  const a = prepared(MC, mc());
  const b = prepared(MC, mc());
  assert.deepEqual(a.params, b.params, 'prepare draws from the seeded random');
  const options = a.params.q as { key: string; html: string; score: number }[];
  assert.deepEqual(options.map((o) => o.key), ['a', 'b', 'c', 'd']);
  assert.deepEqual(options.map((o) => o.html).sort(), ['Half', 'Right', 'Wrong 1', 'Wrong 2']);
  assert.equal(a.correct_answers.q.html, 'Right');
  const fixed = prepared(MC, mc('order="fixed" number-answers="2"'));
  assert.equal(fixed.params.q.length, 2);
  assert.equal(fixed.params.q.filter((o: Data) => o.html === 'Right').length, 1);
  const sorted = prepared(MC, mc('order="descend"'));
  assert.deepEqual(sorted.params.q.map((o: Data) => o.html), ['Wrong 2', 'Wrong 1', 'Right', 'Half']);
  assert.match(elementError(MC, 'prepare', mc('', '<pl-answer correct="true">A</pl-answer><pl-answer>A</pl-answer>'), phaseData('prepare'))!, /duplicate choices/);
  assert.match(elementError(MC, 'prepare', mc(), phaseData('prepare', { params: { q: 1 } }))!, /Duplicate params variable name: q/);
  assert.match(elementError(MC, 'prepare', mc('size="3"'), phaseData('prepare'))!, /dropdown/);
});

// PrairieLearn reads the file relative to the question directory (elements/pl-multiple-choice at 88fb855).
test('multiple choice reads the deprecated external-json file from the question directory', () => {
  const html = '<pl-multiple-choice answers-name="q" external-json="capitals.json" external-json-correct-key="right" external-json-incorrect-key="wrong" order="ascend"></pl-multiple-choice>';
  const data = phaseData('prepare');
  data.options = { question_path: path.join(__dirname, 'fixtures', 'elementsCourse', 'serverFilesCourse') };
  const out = runElement(MC, 'prepare', html, data).data;
  assert.deepEqual(out.params.q.map((o: Data) => o.html), ['Lyon', 'Nice', 'Paris']);
  assert.equal(out.correct_answers.q.html, 'Paris');
});

test('multiple choice all/none of the above', () => {
  const many = '<pl-answer correct="true">A</pl-answer><pl-answer correct="true">B</pl-answer><pl-answer>C</pl-answer>';
  const aota = prepared(MC, mc('all-of-the-above="correct"', many));
  assert.equal(aota.correct_answers.q.html, 'All of the above');
  assert.equal(aota.params.q.at(-1).html, 'All of the above');
  assert.ok(aota.params.q.slice(0, -1).every((o: Data) => ['A', 'B'].includes(o.html)), 'only correct choices are listed above it');
  const nota = prepared(MC, mc('none-of-the-above="correct" display="inline"', many));
  assert.equal(nota.correct_answers.q.html, 'None of these');
  assert.ok(nota.params.q.slice(0, -1).every((o: Data) => o.html === 'C'));
  const noCorrect = prepared(MC, mc('none-of-the-above="random"', '<pl-answer>X</pl-answer><pl-answer>Y</pl-answer>'));
  assert.equal(noCorrect.correct_answers.q.html, 'None of the above');
  assert.match(elementError(MC, 'prepare', mc('all-of-the-above="correct"'), phaseData('prepare'))!, /at least 2 correct/);
});

test('multiple choice parse and grade: option score and feedback, invalid keys, blank', () => {
  const variant = prepared(MC, mc());
  const key = (text: string) => variant.params.q.find((o: Data) => o.html === text).key;
  const v = { params: variant.params, correct_answers: variant.correct_answers };
  assert.deepEqual(submitTo(MC, mc(), v, key('Right')).partial_scores.q, { score: 1, weight: 1 });
  assert.deepEqual(submitTo(MC, mc(), v, key('Half')).partial_scores.q, { score: 0.5, weight: 1, feedback: 'Close!' });
  assert.deepEqual(submitTo(MC, mc(), v, key('Wrong 1')).partial_scores.q, { score: 0, weight: 1 });
  assert.equal(submitTo(MC, mc(), v, 'z').format_errors.q, 'Invalid choice: <code class="user-output-invalid">z</code>');
  assert.equal(submitTo(MC, mc(), v, undefined).format_errors.q, 'No answer was submitted.');
  assert.deepEqual(submitTo(MC, mc('allow-blank="true"'), v, undefined).format_errors, {});
  assert.deepEqual(submitTo(MC, mc('builtin-grading="false"'), v, key('Right')).partial_scores, {});
});

test('multiple choice render in each panel and display mode', () => {
  const variant = prepared(MC, mc('order="fixed"'));
  const v = { params: variant.params, correct_answers: variant.correct_answers };
  const q = runElement(MC, 'render', mc('order="fixed"'), phaseData('render', { ...v, raw_submitted_answers: { q: 'a' }, partial_scores: { q: { score: 1, weight: 1 } } })).html!;
  assert.equal((q.match(/type="radio"/g) ?? []).length, 4);
  assert.match(q, /value="a"[^>]* checked/);
  assert.match(q, /\(a\) Right/);
  assert.match(q, /data-score="correct"/);
  const dd = runElement(MC, 'render', mc('order="fixed" display="dropdown"'), phaseData('render', v)).html!;
  assert.match(dd, /<select[^>]*name="q"/);
  const hidden = runElement(MC, 'render', mc('order="fixed" hide-letter-keys="true"'), phaseData('render', v)).html!;
  assert.doesNotMatch(hidden, /\(a\)/);
  const sub = runElement(MC, 'render', mc(), phaseData('render-submission', { ...v, submitted_answers: { q: 'c' }, partial_scores: { q: { score: 0.5, weight: 1, feedback: 'Close!' } } })).html!;
  assert.match(sub, /\(c\) Half/);
  assert.match(sub, /50%/);
  assert.match(sub, /Close!/);
  assert.match(runElement(MC, 'render', mc(), phaseData('render-answer', v)).html!, /\(a\) Right/);
});

test('multiple choice test() agrees with parse and grade', () => {
  for (const seed of [1, 2, 3]) {
    for (const kind of ['correct', 'incorrect'] as const) {
      const r = selfTest(MC, mc(), kind, seed);
      assert.deepEqual(r.graded!.partial_scores, r.expected.partial_scores, `${kind} ${seed}`);
    }
    const inv = selfTest(MC, mc(), 'invalid', seed);
    assert.deepEqual(Object.keys(inv.parsed.format_errors), Object.keys(inv.expected.format_errors));
  }
});

const cb = (attrs = '') =>
  `<pl-checkbox answers-name="q" order="fixed" ${attrs}><pl-answer correct="true">A</pl-answer><pl-answer correct="true" feedback="Yes, B">B</pl-answer><pl-answer>C</pl-answer><pl-answer feedback="Not D">D</pl-answer></pl-checkbox>`;

test('checkbox prepare, parse and the select-count messages', () => {
  const variant = prepared(CB, cb());
  assert.deepEqual(variant.params.q.map((o: Data) => [o.key, o.html]), [['a', 'A'], ['b', 'B'], ['c', 'C'], ['d', 'D']]);
  assert.deepEqual(variant.correct_answers.q.map((o: Data) => o.key), ['a', 'b']);
  const v = { params: variant.params, correct_answers: variant.correct_answers };
  // One feedback entry per choice, null where it has none (elements/pl-checkbox at PrairieLearn 88fb855).
  assert.deepEqual(submitTo(CB, cb(), v, ['b', 'a']).partial_scores.q, { score: 1, weight: 1, feedback: { a: null, b: 'Yes, B', c: null, d: 'Not D' } });
  assert.equal(submitTo(CB, cb(), v, ['a', 'x']).format_errors.q, 'You selected an invalid option: x');
  assert.equal(submitTo(CB, cb(), v, undefined).format_errors.q, 'You must select between <b>1</b> and <b>4</b> options.');
  assert.equal(submitTo(CB, cb('min-select="2" max-select="2"'), v, 'a').format_errors.q, 'You must select exactly <b>2</b> options.');
  assert.equal(submitTo(CB, cb('min-select="2" allow-blank="true"'), v, 'a').format_errors.q, 'You must select between <b>2</b> and <b>4</b> options (or skip this question by leaving it blank).');
  assert.deepEqual(submitTo(CB, cb('allow-blank="true"'), v, undefined).format_errors, {});
  assert.match(elementError(CB, 'prepare', '<pl-checkbox answers-name="q"><pl-answer>A</pl-answer></pl-checkbox>', phaseData('prepare'))!, /At least one option must be true\./);
  const some = prepared(CB, cb('number-answers="3" min-correct="1" max-correct="1"'));
  assert.equal(some.params.q.length, 3);
  assert.equal(some.correct_answers.q.length, 1);
});

test('checkbox partial credit methods', () => {
  const variant = prepared(CB, cb());
  const v = { params: variant.params, correct_answers: variant.correct_answers };
  const score = (pc: string, selected: string[]) => submitTo(CB, cb(pc ? `partial-credit="${pc}"` : ''), v, selected).partial_scores.q.score;
  // C = {a, b}; S = {a, c}.
  assert.equal(score('', ['a', 'c']), 0);
  assert.equal(score('net-correct', ['a', 'c']), 0);
  assert.equal(score('net-correct', ['a']), 0.5);
  assert.equal(score('each-answer', ['a', 'c']), 0.5);
  assert.equal(score('coverage', ['a', 'c']), 0.25);
  assert.equal(score('coverage', ['a', 'b']), 1);
  // legacy spelling
  const legacy = submitTo(CB, cb('partial-credit="true" partial-credit-method="EDC"'), v, ['a']).partial_scores.q.score;
  assert.equal(legacy, 0.75);
});

test('checkbox render and test()', () => {
  const variant = prepared(CB, cb());
  const v = { params: variant.params, correct_answers: variant.correct_answers };
  const q = runElement(CB, 'render', cb(), phaseData('render', { ...v, raw_submitted_answers: { q: ['a', 'c'] }, partial_scores: { q: { score: 0, weight: 1 } } })).html!;
  assert.equal((q.match(/type="checkbox"/g) ?? []).length, 4);
  assert.match(q, /value="a"[^>]* checked/);
  assert.match(q, /value="c"[^>]* checked/);
  assert.match(q, /Select all possible options that apply\./);
  assert.match(q, /badge text-bg-danger">incorrect/, 'per-option marks show without partial credit');
  const pc = runElement(CB, 'render', cb('partial-credit="coverage"'), phaseData('render', { ...v, raw_submitted_answers: { q: 'a' }, partial_scores: { q: { score: 0.5, weight: 1 } } })).html!;
  assert.doesNotMatch(pc, />incorrect<|>correct</, 'marks are hidden with partial credit while editable');
  const sub = runElement(CB, 'render', cb(), phaseData('render-submission', { ...v, submitted_answers: { q: ['b', 'd'] }, partial_scores: { q: { score: 0, weight: 1, feedback: { b: 'Yes, B', d: 'Not D' } } } })).html!;
  assert.match(sub, /\(b\) B.*Yes, B.*\(d\) D.*Not D/s, 'option feedback appears beside each selected option');
  const ans = runElement(CB, 'render', cb(), phaseData('render-answer', v)).html!;
  assert.match(ans, /\(a\) A.*\(b\) B/s);
  assert.doesNotMatch(ans, /\(c\)/);
  for (const attrs of ['', 'partial-credit="net-correct"', 'partial-credit="coverage" min-select="2"']) {
    for (const seed of [1, 2]) {
      for (const kind of ['correct', 'incorrect'] as const) {
        const r = selfTest(CB, cb(attrs), kind, seed);
        assert.deepEqual(r.graded!.partial_scores, r.expected.partial_scores, `${attrs} ${kind} ${seed}`);
      }
      const inv = selfTest(CB, cb(attrs), 'invalid', seed);
      assert.deepEqual(Object.keys(inv.parsed.format_errors), Object.keys(inv.expected.format_errors));
    }
  }
});

const dd = (attrs = '') => `<pl-dropdown answers-name="q" ${attrs}><pl-answer>Red</pl-answer><pl-answer correct="true">Green &amp; Blue</pl-answer><pl-answer>Yellow</pl-answer></pl-dropdown>`;

test('dropdown: prepare, parse messages, grade, render and test()', () => {
  const variant = prepared(DD, dd());
  assert.deepEqual(variant.correct_answers, { q: 'Green &amp; Blue' });
  const v = { correct_answers: variant.correct_answers };
  assert.deepEqual(submitTo(DD, dd(), v, 'Green & Blue').partial_scores.q, { score: 1, weight: 1 });
  assert.deepEqual(submitTo(DD, dd('weight="2"'), v, 'Red').partial_scores.q, { score: 0, weight: 2 });
  assert.equal(submitTo(DD, dd(), v, ' ').format_errors.q, 'The submitted answer was left blank.');
  assert.equal(submitTo(DD, dd(), v, undefined).format_errors.q, 'No answer was submitted.');
  assert.equal(submitTo(DD, dd(), v, 'Purple').format_errors.q, 'Invalid option submitted.');
  assert.match(elementError(DD, 'prepare', '<pl-dropdown answers-name="q"><pl-answer correct="true">a</pl-answer><pl-answer correct="true">b</pl-answer></pl-dropdown>', phaseData('prepare'))!, /Multiple correct answers were set/);
  assert.match(elementError(DD, 'prepare', dd('blank="false" allow-blank="true"'), phaseData('prepare'))!, /allow-blank/);
  const q = runElement(DD, 'render', dd('sort="ASCEND"'), phaseData('render', { ...v, raw_submitted_answers: { q: 'Red' }, partial_scores: { q: { score: 0, weight: 1 } } })).html!;
  assert.match(q, /<select class="[^"]*is-invalid"[^>]*name="q"/);
  const values = [...q.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
  assert.deepEqual(values, [' ', 'Green &amp; Blue', 'Red', 'Yellow']);
  assert.match(q, /value="Red" selected/);
  const sub = runElement(DD, 'render', dd(), phaseData('render-submission', { ...v, submitted_answers: { q: 'Red' }, partial_scores: { q: { score: 0, weight: 1 } } })).html!;
  assert.match(sub, /Red.*data-score="incorrect"/s);
  assert.match(runElement(DD, 'render', dd(), phaseData('render-answer', v)).html!, /Green &amp; Blue/);
  for (const kind of ['correct', 'incorrect'] as const) {
    const r = selfTest(DD, dd(), kind);
    assert.deepEqual(r.graded!.partial_scores, r.expected.partial_scores, kind);
  }
  const inv = selfTest(DD, dd(), 'invalid');
  assert.deepEqual(Object.keys(inv.parsed.format_errors), ['q']);
});
