import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTemplate, type Element } from '../../../server/lib/questionHtml/template';
import { scanMustache } from '../../../server/lib/questionHtml/templateScanner';

const attrs = (el: Element) => el.attributes.map((a) => [a.name, a.value, a.dynamic]);

test('mustache tags keep exact offsets and kinds', () => {
  const text = 'a {{x}} {{{raw}}} {{& amp }} {{#s}}{{^i}}{{/i}}{{/s}} {{! note }} {{.}}';
  const { tags, problems } = scanMustache(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(tags.map((t) => [t.kind, t.name, text.slice(t.start, t.end)]), [
    ['variable', 'x', '{{x}}'],
    ['raw', 'raw', '{{{raw}}}'],
    ['raw', 'amp', '{{& amp }}'],
    ['section', 's', '{{#s}}'],
    ['inverted', 'i', '{{^i}}'],
    ['close', 'i', '{{/i}}'],
    ['close', 's', '{{/s}}'],
    ['comment', '', '{{! note }}'],
    ['variable', '.', '{{.}}'],
  ]);
  assert.equal(text.slice(tags[2].nameStart, tags[2].nameStart + 3), 'amp');
});

test('unquoted mustache values and mustache between attributes', () => {
  const t = parseTemplate('<pl-answer correct={{params.ans1}} {{#f}}feedback="a b"{{/f}} {{attrs}}>x</pl-answer>');
  const [el] = t.elements;
  assert.deepEqual(attrs(el), [
    ['correct', '{{params.ans1}}', true],
    ['feedback', 'a b', false],
  ]);
  assert.equal(el.dynamicAttributes, true);
  assert.equal(el.end, t.text.length);
});

test('mustache inside quoted values, with LaTeX dollars and > inside mustache', () => {
  const t = parseTemplate('<pl-number-input label="${{params.b}} = $" answers-name="{{#p}}a{{/p}}" x="{{y > 1}}"></pl-number-input>');
  assert.deepEqual(attrs(t.elements[0]), [
    ['label', '${{params.b}} = $', true],
    ['answers-name', '{{#p}}a{{/p}}', true],
    ['x', '{{y > 1}}', true],
  ]);
});

test('sections are transparent: children generated in a section are direct children', () => {
  const t = parseTemplate('<pl-dropdown answers-name="d">{{#params.list}}<pl-answer correct="{{tag}}">{{ans}}</pl-answer>{{/params.list}}</pl-dropdown>');
  const [dropdown, answer] = t.elements;
  assert.equal(answer.parent, dropdown);
  assert.deepEqual(answer.sections.map((s) => [s.name, s.inverted]), [['params.list', false]]);
});

test('attributes without whitespace between them, bare attributes and single quotes', () => {
  const t = parseTemplate(`<div a="1"b='2' c d=3>`);
  assert.deepEqual(attrs(t.elements[0]), [
    ['a', '1', false],
    ['b', '2', false],
    ['c', undefined, false],
    ['d', '3', false],
  ]);
});

test('text "<" that is not a tag, comments, script, style and markdown are not scanned for elements', () => {
  const t = parseTemplate('a < b <!-- <pl-x> --> <script>x = "<pl-y>"</script><style>p > a {}</style><markdown>`<pl-z>` a<b</markdown><p>ok</p>');
  assert.deepEqual(t.elements.map((e) => e.tag), ['script', 'style', 'markdown', 'p']);
  assert.deepEqual(t.problems, []);
});

test('unclosed and mismatched tags are closed the forgiving way, with problems', () => {
  const t = parseTemplate('<div><span>a</div></em><p>para<li>item');
  assert.deepEqual(t.problems.map((p) => [p.kind, t.text.slice(p.start, p.end)]), [
    ['unclosed-element', 'span'],
    ['stray-end-tag', '</em>'],
  ]);
  const [div, span] = t.elements;
  assert.equal(span.parent, div);
  assert.equal(span.end, t.text.indexOf('</div>'));
});

test('self-closing pl elements and void elements do not take children', () => {
  const t = parseTemplate('<pl-figure file-name="a.png"/><br><pl-number-input answers-name="x"></pl-number-input>');
  assert.deepEqual(t.elements.map((e) => [e.tag, e.parent?.tag]), [
    ['pl-figure', undefined],
    ['br', undefined],
    ['pl-number-input', undefined],
  ]);
});

test('bad input never throws: unterminated tags, values, comments and mustache', () => {
  for (const text of ['<pl-number-input answers-name="a', '<pl-', '<!-- open', 'x {{params.a', '{{#a}}{{#b}}{{/a}}', '</', '<a href=', '{{{x}}', '<p {{#a}}>', '\u0000\u0001<\u0002>', '']) {
    const t = parseTemplate(text);
    assert.ok(Array.isArray(t.elements), text);
  }
  const never = parseTemplate('<p>{{params.a</p>');
  assert.equal(never.mustache.problems.length, 1);
  assert.match(never.mustache.problems[0].message, /Unclosed mustache tag/);
});

// How fast is the bench's business (npm run bench, questionHtml section), not a test's: this one checks
// that a 2 MB template is scanned whole.
test('a 2 MB template is scanned whole', () => {
  const unit = '<pl-question-panel><p>Compute {{params.a}} + {{params.b}}.</p></pl-question-panel>\n<pl-number-input answers-name="c{{i}}" label="$c =$"></pl-number-input>\n';
  const text = unit.repeat(Math.ceil(2_000_000 / unit.length));
  const t = parseTemplate(text);
  assert.equal(t.elements.length, 3 * Math.ceil(2_000_000 / unit.length));
});
