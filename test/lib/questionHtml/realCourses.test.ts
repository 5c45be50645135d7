// False alarms and misses found by running the checker on real public PrairieLearn courses (issue
// 12), each kept as a regression test: what PrairieLearn accepts, the checker accepts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTemplate, prepareTemplate } from '../../../server/lib/questionHtml/checkTemplate';
import { quickFix } from '../../../server/lib/questionHtml/quickFixes';
import { checkCourseFiles, writeCourse, BASE_COURSE, type CourseFiles } from '../../helpers/course';
import { runCli } from '../../apps/plCheck/runCli';

const check = (text: string, courseElements: ReadonlySet<string> = new Set()) => checkTemplate(prepareTemplate(text), courseElements, {});
const found = (text: string) => check(text).map((r) => [r.code, text.slice(r.start, r.end)]);

const INFO = { uuid: '11111111-2222-4333-8444-555555555555', title: 'Q', topic: 'Basics', type: 'v3' };
const question = (html: string, extra: CourseFiles = {}): CourseFiles => {
  const files: CourseFiles = { 'questions/q1/info.json': INFO, 'questions/q1/question.html': html };
  for (const [rel, content] of Object.entries(extra)) files[rel.startsWith('/') ? rel.slice(1) : `questions/q1/${rel}`] = content;
  return files;
};
const inQuestionHtml = (files: CourseFiles) => checkCourseFiles(files).filter((d) => d.relPath.endsWith('question.html'));

test('one answers-name in two different mustache sections: a warning that names the sections', () => {
  const text = '{{#params.a}}<pl-number-input answers-name="x"></pl-number-input>{{/params.a}}\n{{#params.b}}<pl-number-input answers-name="x"></pl-number-input>{{/params.b}}';
  const reports = check(text);
  assert.deepEqual(reports.map((r) => r.code), ['duplicate-answers-name-in-sections', 'duplicate-answers-name-in-sections']);
  assert.equal(
    reports[0].message,
    '"x" is also the answers-name of an input in other mustache sections ({{#params.a}}; {{#params.b}}). They collide only if both render: then PrairieLearn refuses the question with Duplicate "answers-name" attribute.',
  );
  assert.deepEqual(reports[0].related!.map((r) => text.slice(r.start, r.end)), ['x']);
  // Same section path (or none): PrairieLearn refuses the question, an error as before.
  assert.deepEqual(found('{{#params.a}}<pl-number-input answers-name="x"></pl-number-input><pl-string-input answers-name="x"></pl-string-input>{{/params.a}}').map(([c]) => c), ['duplicate-answers-name', 'duplicate-answers-name']);
  assert.deepEqual(found('{{#params.a}}<pl-number-input answers-name="x"></pl-number-input>{{/params.a}}{{#params.a}}<pl-number-input answers-name="x"></pl-number-input>{{/params.a}}').map(([c]) => c), ['duplicate-answers-name', 'duplicate-answers-name']);
  // {{#x}} and {{^x}}: never on the page together, nothing to say.
  assert.deepEqual(found('{{#x}}<pl-number-input answers-name="x"></pl-number-input>{{/x}}{{^x}}<pl-number-input answers-name="x"></pl-number-input>{{/x}}'), []);
  // One outside every section, one inside: they meet whenever the section renders.
  assert.match(check('<pl-number-input answers-name="x"></pl-number-input>{{#p}}<pl-number-input answers-name="x"></pl-number-input>{{/p}}')[0].message, /\(outside every section; \{\{#p\}\}\)/);
});

test('two gradable inputs of any element sharing one answers-name: a warning (PrairieLearn does not refuse it, grading breaks)', () => {
  const drawing = (name: string, gradable = 'true') => `<pl-drawing answers-name="${name}" gradable="${gradable}"><pl-drawing-answer></pl-drawing-answer></pl-drawing>`;
  const reports = check(drawing('box') + drawing('box'));
  assert.deepEqual(reports.map((r) => r.code), ['shared-answers-name', 'shared-answers-name']);
  assert.match(reports[0].message, /^"box" is also the answers-name of another gradable input\. PrairieLearn does not refuse this/);
  // The rename quick fix offers a free name.
  const text = drawing('box') + drawing('box');
  assert.deepEqual(quickFix(text, 'shared-answers-name', reports[0].start, reports[0].data)?.edits[0].newText, 'box2');
  assert.deepEqual(check(drawing('box', 'false') + drawing('box', 'false')), [], 'drawings that are not graded submit nothing');
  assert.deepEqual(found('<pl-number-input answers-name="n"></pl-number-input><pl-order-blocks answers-name="n"><pl-answer correct="true">a</pl-answer></pl-order-blocks>').map(([c]) => c), ['shared-answers-name', 'shared-answers-name']);
});

test('children of the course\'s own elements are that element\'s business', () => {
  const text = '<pl-side-by-side><pl-content>left</pl-content><pl-content>right</pl-content><pl-answer>x</pl-answer></pl-side-by-side><pl-content>outside</pl-content>';
  assert.ok(found(text).length > 0, 'without the course element, unknown tags');
  const reports = check(text, new Set(['pl-side-by-side'])).map((r) => [r.code, text.slice(r.start, r.end)]);
  assert.deepEqual(reports, [['unknown-element', 'pl-content']], 'only the one outside the course element');
  // Core elements inside a course element are still checked, with their own children.
  assert.deepEqual(check('<pl-side-by-side><pl-number-input></pl-number-input></pl-side-by-side>', new Set(['pl-side-by-side'])).map((r) => r.code), ['missing-required-attribute']);
  assert.deepEqual(
    check('<pl-side-by-side><div><pl-checkbox answers-name="c"><pl-answer correct="true">a</pl-answer><p>no</p></pl-checkbox></div></pl-side-by-side>', new Set(['pl-side-by-side'])).map((r) => r.code),
    ['unexpected-child-element'],
  );
});

test('attribute values as PrairieLearn\'s element schemas define them', () => {
  // correct-answer of pl-number-input: a number or the empty string (schema anyOf), bare too.
  assert.deepEqual(found('<pl-number-input answers-name="a" correct-answer=""></pl-number-input><pl-number-input answers-name="b" correct-answer></pl-number-input>'), []);
  assert.deepEqual(found('<pl-number-input answers-name="a" correct-answer="ten"></pl-number-input>'), [['invalid-attribute-value', 'ten']]);
  // Formats as Python's int() and float() parse them (html_utils.is_integer_attrib / is_float_attrib).
  const numbers = ['1e-3', '.5', '5.', '5.e3', '+2', ' 7 ', '1_000.5', '1e1_0', 'inf', '-Infinity', 'NaN'];
  for (const v of numbers) assert.deepEqual(found(`<pl-number-input answers-name="a" rtol="${v}"></pl-number-input>`), [], v);
  for (const v of ['1,5', '1..2', '_1', 'e5', '0x10', '']) assert.equal(found(`<pl-number-input answers-name="a" rtol="${v}"></pl-number-input>`).length, 1, v);
  for (const v of ['+5', ' 12 ', '1_000', '-0']) assert.deepEqual(found(`<pl-integer-input answers-name="a" size="${v}"></pl-integer-input>`), [], v);
  for (const v of ['1.0', '1e3', 'ten']) assert.equal(found(`<pl-integer-input answers-name="a" size="${v}"></pl-integer-input>`).length, 1, v);
  // Booleans and enums in the anyOf of pl-checkbox and pl-multiple-choice.
  assert.deepEqual(found('<pl-checkbox answers-name="c" partial-credit="each-answer"><pl-answer correct="true">a</pl-answer></pl-checkbox>'), []);
  assert.deepEqual(found('<pl-multiple-choice answers-name="m" none-of-the-above="correct" all-of-the-above="false"><pl-answer correct="true">a</pl-answer></pl-multiple-choice>'), []);
  assert.deepEqual(found('<pl-multiple-choice answers-name="m" none-of-the-above="maybe"><pl-answer correct="true">a</pl-answer></pl-multiple-choice>'), [['invalid-attribute-value', 'maybe']]);
  // Every attribute of the seven schema elements is checked: a boolean, an enum, a child's boolean.
  assert.deepEqual(
    found('<pl-string-input answers-name="s" ignore-case="sometimes" correct-answer-format="glob"></pl-string-input><pl-symbolic-input answers-name="y" imaginary-unit-for-display="k"></pl-symbolic-input><pl-order-blocks answers-name="o"><pl-answer correct="maybe">a</pl-answer></pl-order-blocks>'),
    [['invalid-attribute-value', 'sometimes'], ['invalid-attribute-value', 'glob'], ['invalid-attribute-value', 'k'], ['invalid-attribute-value', 'maybe']],
  );
});

test('markup built by a {{{value}}} or {{& value}}: no stray or unclosed tag next to it', () => {
  assert.deepEqual(found('<div class="box">{{{params.body}}}\n<p>after</p>'), []);
  assert.deepEqual(found('{{{params.open_table}}}<tr><td>1</td></tr></table>'), []);
  assert.deepEqual(found('{{& params.open}}</span>'), []);
  // Without a raw value the same markup is still reported.
  assert.deepEqual(found('<div class="box">{{params.body}}\n<p>after</p>').map(([c]) => c), ['html-unclosed-element']);
  assert.deepEqual(found('{{params.open}}</span>').map(([c]) => c), ['html-stray-end-tag']);
});

test('none-of-the-above / all-of-the-above with builtin-grading="false" stay true/false: never advice or a fix to "random"', () => {
  const text = '<pl-multiple-choice answers-name="m" builtin-grading="false" none-of-the-above="true" all-of-the-above="true"><pl-answer correct="true">a</pl-answer></pl-multiple-choice>';
  assert.deepEqual(found(text), []);
  const at = text.indexOf('"true"') + 1;
  assert.equal(quickFix(text, 'deprecated-attribute-value', at, undefined), undefined);
  // With built-in grading the boolean form is still the deprecated one.
  const graded = text.replace(' builtin-grading="false"', '');
  assert.deepEqual(found(graded).map(([c]) => c), ['deprecated-attribute-value', 'deprecated-attribute-value']);
  assert.equal(quickFix(graded, 'deprecated-attribute-value', graded.indexOf('"true"') + 1, undefined)?.title, 'Replace with "random"');
});

test('messages say what PrairieLearn\'s HTML parser does; <br\\> is fixed to <br>; an unclosed <markdown> is never Markdown', () => {
  const unclosed = check('<section><div>x</section>').find((r) => r.code === 'html-unclosed-element')!;
  assert.equal(unclosed.message, "<div> is never closed; PrairieLearn's HTML parser (lxml) closes it where its parent ends. Add </div>.");
  const stray = check('<p>x</p></span>')[0];
  assert.equal(stray.message, "</span> has no matching <span>; PrairieLearn's HTML parser (lxml) drops it. Remove it or add the start tag.");
  for (const r of check('<section><div>x</section></span>')) assert.doesNotMatch(r.message, /browser/);

  const br = 'one<br\\>two<p>three</p>';
  const [brReport] = check(br);
  assert.equal(brReport.code, 'html-backslash-void-tag');
  assert.equal(brReport.message, "<br\\> is not a tag PrairieLearn's HTML parser knows; write <br>.");
  assert.doesNotMatch(brReport.message, /<\/br/);
  const fix = quickFix(br, brReport.code, brReport.start, brReport.data)!;
  assert.equal(fix.title, 'Replace with <br>');
  assert.equal(br.slice(0, fix.edits[0].start) + fix.edits[0].newText + br.slice(fix.edits[0].end), 'one<br>two<p>three</p>');

  const md = '<pl-question-panel><markdown>\n# Title\n</pl-question-panel>';
  const mdReports = check(md);
  assert.deepEqual(mdReports.map((r) => [r.code, md.slice(r.start, r.end)]), [['html-unclosed-element', 'markdown']]);
  assert.equal(mdReports[0].message, '<markdown> is never closed, so PrairieLearn never renders its text as Markdown: it shows as written, up to the end of the file. Add </markdown>.');
});

test('{{param.x}} / {{parms.x}} where server.py sets params: a warning with "did you mean params.x"', () => {
  const html = '<p>{{param.x}} {{parms.y}} {{correct_answer.z}} {{options.client_files_question_url}} {{#params.list}}{{param.name}}{{/params.list}}</p>';
  const serverPy = 'def generate(data):\n    data["params"]["x"] = 1\n    data["params"]["y"] = 2\n    data["params"]["list"] = []\n';
  const reports = inQuestionHtml({ ...BASE_COURSE, ...question(html, { 'server.py': serverPy }) });
  assert.deepEqual(
    reports.map((d) => [d.code, d.severity, d.text, d.message]),
    [
      ['misspelt-template-namespace', 'warning', 'param.x', '{{param.x}} renders as nothing: server.py sets data["params"], not "param". Did you mean params.x?'],
      ['misspelt-template-namespace', 'warning', 'parms.y', '{{parms.y}} renders as nothing: server.py sets data["params"], not "parms". Did you mean params.y?'],
      ['misspelt-template-namespace', 'warning', 'correct_answer.z', '{{correct_answer.z}} renders as nothing: server.py sets data["correct_answers"], not "correct_answer". Did you mean correct_answers.z?'],
    ],
  );
  assert.deepEqual(inQuestionHtml({ ...BASE_COURSE, ...question(html) }), [], 'without server.py nothing is said');
});

const LED_EXTENSION: CourseFiles = {
  '/elementExtensions/pl-drawing/led/info.json': { controller: 'led.py', dependencies: { extensionScripts: ['led.js'] } },
  '/elementExtensions/pl-drawing/led/led.py':
    'import prairielearn as pl\n\nclass Led(BaseElement):\n    def generate(el, data, info):\n        return {"x1": pl.get_float_attrib(el, "x1", 20)}\n\nelements = {}\nelements["pl-led"] = Led\n\ndef register(ctx):\n    return {"pl-led-array": LedArray}\n',
  '/elementExtensions/pl-drawing/led/led.js': 'mechanicsObjects.byType["pl-led"] = class extends fabric.Object {};\n',
};
const LED_QUESTION =
  '<pl-drawing answers-name="d" gradable="true">\n<pl-controls>\n<pl-controls-group label="Parts">\n<pl-drawing-button type="pl-led"></pl-drawing-button>\n</pl-controls-group>\n</pl-controls>\n<pl-drawing-initial>\n<pl-led x1="40" y1="40"></pl-led>\n<pl-led-array x1="80"></pl-led-array>\n</pl-drawing-initial>\n<pl-drawing-answer></pl-drawing-answer>\n</pl-drawing>\n';

test('element extensions: what a course\'s pl-drawing extension defines is accepted', () => {
  assert.deepEqual(inQuestionHtml({ ...BASE_COURSE, ...question(LED_QUESTION, LED_EXTENSION) }).map((d) => [d.code, d.text]), []);
  // Without the extension the same question has unknown objects and an unknown button type.
  const without = inQuestionHtml({ ...BASE_COURSE, ...question(LED_QUESTION) }).map((d) => [d.code, d.severity, d.text]).sort();
  assert.deepEqual(without, [
    ['invalid-attribute-value', 'error', 'pl-led'],
    ['unknown-element', 'warning', 'pl-led'],
    ['unknown-element', 'warning', 'pl-led-array'],
  ]);
  // A name no extension defines, inside the extended element: a warning that says where it looked.
  const other = inQuestionHtml({ ...BASE_COURSE, ...question(LED_QUESTION.replace('<pl-led-array x1="80"></pl-led-array>', '<pl-lamp></pl-lamp>'), LED_EXTENSION) });
  assert.deepEqual(other.map((d) => [d.code, d.severity, d.text]), [['unknown-element', 'warning', 'pl-lamp']]);
  assert.equal(other[0].message, "Unknown element <pl-lamp>: neither <pl-drawing> nor the course's extensions of it (elementExtensions/pl-drawing/) are seen to define it.");
});

test('element extensions: attributes an extension may add (pl-graph, drawing objects) are not reported', () => {
  const html = '<pl-graph engine="dot" layout-extra="1">a -> b</pl-graph>\n<pl-drawing><pl-drawing-initial><pl-point x1="1" glow="2"></pl-point></pl-drawing-initial></pl-drawing>\n';
  const codes = (extra: CourseFiles) => inQuestionHtml({ ...BASE_COURSE, ...question(html, extra) }).map((d) => [d.code, d.text]);
  assert.deepEqual(codes({}), [['unknown-extensible-attribute', 'layout-extra'], ['unknown-extensible-attribute', 'glow']]);
  assert.deepEqual(codes({ '/elementExtensions/pl-graph/dots/info.json': { controller: 'dots.py' }, '/elementExtensions/pl-drawing/glow/glow.py': 'x = 1\n' }), []);
});

test('pl-check: the real-course false alarms give no error, the misses are found', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    ...question(
      [
        '{{#params.a}}<pl-number-input answers-name="x" correct-answer=""></pl-number-input>{{/params.a}}',
        '{{#params.b}}<pl-number-input answers-name="x"></pl-number-input>{{/params.b}}',
        '<pl-side-by-side><pl-content>a</pl-content></pl-side-by-side>',
        '<div>{{{params.table}}}',
        '<pl-multiple-choice answers-name="m" builtin-grading="false" none-of-the-above="true"><pl-answer correct="true">a</pl-answer></pl-multiple-choice>',
        LED_QUESTION,
        '<p>{{param.x}}</p>',
      ].join('\n'),
      { ...LED_EXTENSION, '/elements/pl-side-by-side/info.json': { controller: 'pl-side-by-side.py' }, 'server.py': 'def generate(data):\n    data["params"]["x"] = 1\n    data["params"]["a"] = True\n    data["params"]["b"] = False\n    data["params"]["table"] = "<table>"\n' },
    ),
  });
  const run = runCli(['--format', 'json', root]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const codes = (JSON.parse(run.stdout) as { code: string; severity: string }[]).map((d) => `${d.severity} ${d.code}`);
  assert.deepEqual(codes, ['warning duplicate-answers-name-in-sections', 'warning duplicate-answers-name-in-sections', 'warning misspelt-template-namespace']);
});
