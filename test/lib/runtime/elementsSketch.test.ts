// pl-sketch in real Python, through the runtime's element runner, against PrairieLearn's controller
// (apps/prairielearn/elements/pl-sketch/pl-sketch.py at PrairieLearn commit 88fb855): the canvas config
// each panel hands the page (editable or not, the submission or the solution as its drawings, the
// solution overlay), the score badge and feedback, parse's format errors, staged partial credit, test()
// and prepare's errors. test/python/test_pl_sketch.py compares the details with recorded fixtures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData, runElement, selfTest } from './elementHarness';

const SKETCH = `<pl-sketch answers-name="s" x-range="-1,2" y-range="-1,5">
<pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool><pl-sketch-tool id="hl" type="horizontal-line"></pl-sketch-tool>
<pl-sketch-tool id="pt" type="point" read-only="true"></pl-sketch-tool><pl-sketch-initial tool-id="pt" coordinates="(0,1)"></pl-sketch-initial>
<pl-sketch-grade type="match" tool-id="hl" y="0" stage="1"></pl-sketch-grade><pl-sketch-grade type="count" tool-id="hl" count="1" stage="1"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="fd" function="2**x" stage="2" feedback="Not 2^x <here>"></pl-sketch-grade>
<pl-sketch-solution tool-id="hl" coordinates="0"></pl-sketch-solution><pl-sketch-solution tool-id="fd" coordinates="(-1,0.5),(0,1),(1,2),(2,4)"></pl-sketch-solution></pl-sketch>`;
const KEY = 's-sketchresponse-submission';
const params = runElement('pl-sketch', 'prepare', SKETCH, phaseData('prepare')).data.params;
const config = params.s.config;
const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const canvas = (html: string) => {
  const m = /data-config="([^"]*)"/.exec(html);
  return m ? JSON.parse(Buffer.from(m[1], 'base64').toString('utf8')) : undefined;
};
const render = (phase: 'render-question' | 'render-submission' | 'render-answer', extra = {}) =>
  runElement('pl-sketch', 'render', SKETCH, phaseData(phase, { params, ...extra })).html ?? '';
const px = (x: number, y: number) => [(x - config.xrange[0]) * config.width / (config.xrange[1] - config.xrange[0]), (config.yrange[1] - y) * config.height / (config.yrange[1] - config.yrange[0])];
const hline = (y: number) => ({ spline: [0, 267, 533, 800].map((x) => [x, px(0, y)[1]]) });
const curve = (f: (x: number) => number) => {
  const pts = Array.from({ length: 31 }, (_, i) => px(-1.05 + i * 0.105, f(-1.05 + i * 0.105)));
  return { spline: pts.flatMap((p, i) => (i === 0 ? [p] : [[(2 * pts[i - 1][0] + p[0]) / 3, (2 * pts[i - 1][1] + p[1]) / 3], [(pts[i - 1][0] + 2 * p[0]) / 3, (pts[i - 1][1] + 2 * p[1]) / 3], p])) };
};
const grade = (gradeable: unknown) => {
  const raw = encode({ data: {}, gradeable });
  const parsed = runElement('pl-sketch', 'parse', SKETCH, phaseData('parse', { params, raw_submitted_answers: { [KEY]: raw } })).data;
  if (Object.keys(parsed.format_errors).length) return parsed.format_errors;
  return runElement('pl-sketch', 'grade', SKETCH, phaseData('grade', { params, submitted_answers: { [KEY]: raw } })).data.partial_scores.s;
};

test('prepare: the toolbar (axes first), the canvas widened 10 px each side, drawings in pixels', () => {
  assert.deepEqual(config.plugins.map((p: { id?: string; name: string }) => p.id ?? p.name), ['axes', 'fd', 'hl', 'pt']);
  assert.deepEqual([config.width, config.height], [800, 450]);
  assert.ok(Math.abs(config.xrange[0] - (-1 - 10 * 3 / 780)) < 1e-9);
  assert.deepEqual(Object.keys(params.s.initial_state), ['pt']);
  const [x, y] = px(0, 1);
  assert.ok(Math.abs(params.s.initial_state.pt[0].x - x) < 1e-9 && Math.abs(params.s.initial_state.pt[0].y - y) < 1e-9);
});

test('each panel: an editable canvas named for the answer, read-only views, the solution in the answer panel', () => {
  const q = render('render-question');
  assert.equal(canvas(q).readonly, undefined);
  assert.match(q, /<input type="hidden" id="s-sketchresponse-submission" name="s-sketchresponse-submission" \/>/);
  assert.equal(canvas(render('render-question', { editable: false })).readonly, true);
  // With the correct answer shown, the solution is overlaid (and the page gets its toggle).
  const shown = render('render-question', { correct_answer_shown: true });
  assert.deepEqual(canvas(shown).plugins.map((p: { id?: string; name: string }) => p.id ?? p.name), ['axes', 'fd-solution-overlay', 'hl-solution-overlay', 'fd', 'hl', 'pt']);
  assert.match(shown, /data-overlay-solution="true"/);
  const submitted = { raw_submitted_answers: { [KEY]: encode({ data: { hl: [{ y: 100 }] }, gradeable: {} }) } };
  const sub = render('render-submission', { ...submitted, partial_scores: { s: { score: 0.5, weight: 1, feedback: [{ correct: false, feedback_text: 'Not 2^x <here>' }] } } });
  assert.deepEqual(canvas(sub).initialstate, { hl: [{ y: 100 }] });
  assert.equal(canvas(sub).readonly, true);
  assert.doesNotMatch(sub, / name="/);
  assert.match(sub, /badge-warning badge-large">50%/);
  assert.match(sub, /<\/span> Not 2\^x &lt;here&gt;<\/li>/);
  const answer = canvas(render('render-answer'));
  assert.deepEqual(Object.keys(answer.initialstate), ['hl', 'fd']);
  assert.equal(answer.readonly, true);
  assert.equal(runElement('pl-sketch', 'render', '<pl-sketch answers-name="s"></pl-sketch>', phaseData('render-answer', {
    params: runElement('pl-sketch', 'prepare', '<pl-sketch answers-name="s"></pl-sketch>', phaseData('prepare')).data.params,
  })).html, 'No answer to display.');
  const broken = render('render-submission', { raw_submitted_answers: { [KEY]: 'not base64 json' } });
  assert.match(broken, /title="Format Error"/);
  assert.match(broken, /Invalid or corrupted submission data received from SketchResponse\./);
});

test('grading: stages gate later points, partial credit, the author\'s feedback; blank and broken data are format errors', () => {
  assert.deepEqual(grade({ fd: [curve((x) => 2 ** x)], hl: [hline(0)], pt: [] }), { score: 1, weight: 1, feedback: [{ correct: true, feedback_text: 'Correct!' }] });
  assert.deepEqual(grade({ fd: [curve((x) => x + 1)], hl: [hline(0)], pt: [] }), { score: 0.67, weight: 1, feedback: [{ correct: false, feedback_text: 'Not 2^x <here>' }] });
  // The line is off: stage 1 fails (its count still earns its third), so the right curve of stage 2 earns
  // nothing. "y = 0": params travel as JSON between phases, here as in PrairieLearn, so 0.0 comes back as 0.
  assert.deepEqual(grade({ fd: [curve((x) => 2 ** x)], hl: [hline(2)], pt: [] }), { score: 0.33, weight: 1, feedback: [{ correct: false, feedback_text: 'Missing expected drawing at y = 0.' }] });
  assert.deepEqual(grade({ fd: [], hl: [], pt: [] }), { s: 'Graph is blank.' });
  assert.deepEqual(grade({ fd: [{ spline: [[1]] }] }), { s: "Invalid or corrupted submission data: gradeable[fd][0]['spline'][0] must be a [x, y] pair" });
  assert.deepEqual(grade({ fd: [curve((x) => x), curve((x) => -x)], hl: [], pt: [] }), { s: 'Multiple "Function f(x)" lines are defined in the same range. These lines are interpreted as functions, and only one y-value can exist for any x-coordinate.' });
});

test('test(): the solution grades full marks, the shifted one does not, invalid is "No graph has been submitted."', () => {
  const correct = selfTest('pl-sketch', SKETCH, 'correct');
  assert.equal(correct.graded?.partial_scores.s.score, 1);
  assert.deepEqual(correct.expected.partial_scores.s, correct.graded?.partial_scores.s);
  const incorrect = selfTest('pl-sketch', SKETCH, 'incorrect');
  assert.equal(incorrect.graded?.partial_scores.s.score, 0);
  const invalid = selfTest('pl-sketch', SKETCH, 'invalid');
  assert.deepEqual(invalid.expected.format_errors, { s: 'No graph has been submitted.' });
  assert.deepEqual(invalid.parsed.format_errors, { s: "Invalid or corrupted submission data: 'gradeable'" });
});

test('prepare errors name the tag and the attribute, as PrairieLearn\'s', () => {
  const prep = (h: string) => elementError('pl-sketch', 'prepare', h, phaseData('prepare')) ?? '';
  assert.match(prep('<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="circle"></pl-sketch-tool></pl-sketch>'), /Invalid tool type used: circle/);
  assert.match(prep('<pl-sketch answers-name="s"><pl-sketch-grade type="match" tool-id="zz" x="1"></pl-sketch-grade></pl-sketch>'), /Invalid tool id: zz/);
  assert.match(prep('<pl-sketch answers-name="s"><pl-sketch-grade type="match-function" tool-id="fd" function="__import__(1)"></pl-sketch-grade></pl-sketch>'), /unsupported function or variable name!: __import__/);
  assert.match(prep('<pl-sketch answers-name="s" width="300"><pl-sketch-tool id="a" type="point"></pl-sketch-tool></pl-sketch>'), /width must be at least 310 pixels/);
});
