// Panel wrappers and display elements (pl-question/submission/answer-panel, pl-hide-in-panel, pl-card,
// pl-figure, pl-code), run in a real Python. Facts: docs/reference/questionLifecycle.md (Panels), PrairieLearn's
// elements/<name>/<name>.py, and the options URL and path keys of PrairieLearn's freeform.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { elementError, phaseData, runElement } from './elementHarness';

const COURSE = path.join(__dirname, 'fixtures', 'elementsCourse');
const QUESTION = path.join(COURSE, 'questions', 'q1');
const paths = {
  question_path: QUESTION,
  client_files_question_path: path.join(QUESTION, 'clientFilesQuestion'),
  client_files_course_path: path.join(COURSE, 'clientFilesCourse'),
  server_files_course_path: path.join(COURSE, 'serverFilesCourse'),
};
const render = (name: string, html: string, panel: 'question' | 'submission' | 'answer', extra = {}) => {
  const data = phaseData(panel === 'question' ? 'render' : `render-${panel}`, extra);
  data.options = { ...data.options, ...paths };
  return runElement(name, 'render', html, data).html;
};

test('panel wrappers keep their content only in their own panel', () => {
  for (const panel of ['question', 'submission', 'answer'] as const) {
    const html = `<pl-${panel}-panel><p>Hi <b>there</b> &amp; you</p></pl-${panel}-panel>`;
    for (const other of ['question', 'submission', 'answer'] as const) {
      const out = render(`pl-${panel}-panel`, html, other);
      assert.equal(out, other === panel ? '<p>Hi <b>there</b> &amp; you</p>' : '', `${panel} panel in ${other}`);
    }
  }
  assert.match(elementError('pl-question-panel', 'prepare', '<pl-question-panel foo="1">x</pl-question-panel>', phaseData('prepare'))!, /Unknown attribute "foo"/);
});

test('pl-hide-in-panel hides its content in the flagged panels only', () => {
  const html = '<pl-hide-in-panel submission="true" answer="true">secret</pl-hide-in-panel>';
  assert.equal(render('pl-hide-in-panel', html, 'question'), 'secret');
  assert.equal(render('pl-hide-in-panel', html, 'submission'), '');
  assert.equal(render('pl-hide-in-panel', html, 'answer'), '');
  assert.equal(render('pl-hide-in-panel', '<pl-hide-in-panel>shown</pl-hide-in-panel>', 'answer'), 'shown');
  assert.match(elementError('pl-hide-in-panel', 'render', '<pl-hide-in-panel question="maybe">x</pl-hide-in-panel>', phaseData('render'))!, /must be a boolean value: maybe/);
});

test('pl-card renders header, title, images, body and footer; width is checked', () => {
  const out = render('pl-card', '<pl-card header="H" title="T" subtitle="S" footer="F" img-top-src="top.png" img-top-alt="Top" width="50%"><p>Body</p></pl-card>', 'question')!;
  assert.match(out, /^<div class="card pl-card mb-3 w-50">/);
  assert.match(out, /<div class="card-header">H<\/div>/);
  assert.match(out, /<img src="top.png" class="card-img-top" alt="Top">/);
  assert.match(out, /<h5 class="card-title">T<\/h5>/);
  assert.match(out, /<h6 class="card-subtitle mb-2 text-muted">S<\/h6>/);
  assert.match(out, /<p>Body<\/p>/);
  assert.match(out, /<div class="card-footer">F<\/div>/);
  assert.match(elementError('pl-card', 'render', '<pl-card width="60%">x</pl-card>', phaseData('render'))!, /Invalid width: 60%/);
});

test('pl-figure: static files are checked at prepare and use the clientFiles URLs; dynamic uses the generated URL', () => {
  const prep = (html: string) => {
    const data = phaseData('prepare');
    data.options = paths;
    return elementError('pl-figure', 'prepare', html, data);
  };
  assert.equal(prep('<pl-figure file-name="graph.png"></pl-figure>'), null);
  assert.equal(prep('<pl-figure file-name="logo.png" directory="clientFilesCourse"></pl-figure>'), null);
  assert.match(prep('<pl-figure file-name="nope.png"></pl-figure>')!, /File "nope.png" not found in directory "clientFilesQuestion"\./);
  assert.match(prep('<pl-figure file-name="graph.png" directory="elsewhere"></pl-figure>')!, /Invalid directory choice "elsewhere"/);
  assert.equal(prep('<pl-figure file-name="made.png" type="dynamic"></pl-figure>'), null);
  assert.match(prep('<pl-figure file-name="g.png" inline="true" display="block"></pl-figure>')!, /inline/);

  const stat = render('pl-figure', '<pl-figure file-name="my graph.png" width="50%" alt="A graph"></pl-figure>', 'question')!;
  assert.match(stat, /<img src="\/q\/clientFilesQuestion\/my%20graph.png" alt="A graph"/);
  assert.match(stat, /width: 50%/);
  assert.match(stat, /^<div class="pl-figure d-block/);
  const course = render('pl-figure', '<pl-figure file-name="logo.png" directory="clientFilesCourse" display="inline"></pl-figure>', 'answer')!;
  assert.match(course, /^<span class="pl-figure d-inline-block"><img src="\/c\/clientFilesCourse\/logo.png"/);
  const dyn = render('pl-figure', '<pl-figure file-name="plot.png" type="dynamic"></pl-figure>', 'submission')!;
  assert.match(dyn, /src="\/q\/generatedFilesQuestion\/variant\/1\/plot.png"/);
  assert.match(elementError('pl-figure', 'render', '<pl-figure file-name="p.png" type="dynamic" directory="clientFilesCourse"></pl-figure>', phaseData('render'))!, /directory/);
});

test('pl-code: inner code is escaped, files are read from the question or course folders', () => {
  const inner = render('pl-code', '<pl-code>\nif a &lt; b:\n    print("&amp;")\n</pl-code>', 'question')!;
  assert.match(inner, /<pre[^>]*><code>if a &lt; b:\n    print\(&quot;&amp;&quot;\)<\/code><\/pre>/);
  const fromQuestion = render('pl-code', '<pl-code source-file-name="code.py"></pl-code>', 'submission')!;
  assert.match(fromQuestion, /print\(&quot;hi&quot;\)/);
  const fromCourse = render('pl-code', '<pl-code source-file-name="snippet.py" directory="serverFilesCourse" show-line-numbers="true" highlight-lines="2"></pl-code>', 'answer')!;
  assert.match(fromCourse, /pl-code-line-number[^>]*>1 <\/span>def f\(x\):/);
  assert.match(fromCourse, /<span class="pl-code-highlight"[^>]*><span class="pl-code-line-number[^>]*>2 <\/span>    return x &lt; 1<\/span>/);
  const renderData = phaseData('render');
  renderData.options = { ...renderData.options, ...paths };
  assert.match(elementError('pl-code', 'render', '<pl-code source-file-name="missing.py"></pl-code>', renderData)!, /Unknown file path: ".*questions\/q1\/missing.py"/);
  const prepData = phaseData('prepare');
  prepData.options = paths;
  assert.match(elementError('pl-code', 'prepare', '<pl-code source-file-name="code.py">x = 1</pl-code>', prepData)!, /source-file-name/);
  const extras = render('pl-code', '<pl-code copy-code-button="true" prevent-select="true" normalize-whitespace="true">\n    a = 1\n      b = 2\n</pl-code>', 'question')!;
  assert.match(extras, /user-select-none/);
  assert.match(extras, /<button[^>]*pl-code-copy[^>]*data-code="a = 1\n  b = 2"/);
  assert.match(extras, /<code>a = 1\n  b = 2<\/code>/, 'normalize-whitespace dedents');
  const ai = render('pl-code', '<pl-code language="python">x = 1</pl-code>', 'question', { ai_grading: true });
  assert.equal(ai, '<pre><code>x = 1</code></pre>');
});

test('pl-code highlights with Pygments when it is installed and rejects unknown languages', (t) => {
  const probe = render('pl-code', '<pl-code language="python">def f(): pass</pl-code>', 'question')!;
  if (!/style="/.test(probe.replace(/pl-code-highlight[^>]*>/g, ''))) {
    t.skip('pygments is not installed in this Python');
    return;
  }
  assert.match(probe, /<span style="[^"]*">def<\/span>/);
  assert.match(elementError('pl-code', 'render', '<pl-code language="klingon">x</pl-code>', phaseData('render'))!, /Unknown language: klingon/);
});
