import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completeAt } from '../../../server/lib/questionHtml/completion';
import { hoverAt } from '../../../server/lib/questionHtml/hover';
import { quickFix } from '../../../server/lib/questionHtml/quickFixes';
import { checkTemplate, prepareTemplate } from '../../../server/lib/questionHtml/checkTemplate';

/** Text with a `|` cursor marker: the text without it and the cursor's offset. */
const at = (marked: string) => ({ text: marked.replace('|', ''), offset: marked.indexOf('|') });

test('element names after "<", with a snippet holding the required attributes', () => {
  const { text, offset } = at('<p>x</p>\n<pl-num|');
  const c = completeAt(text, offset)!;
  assert.equal(text.slice(c.start, c.end), 'pl-num');
  const item = c.items.find((i) => i.label === 'pl-number-input')!;
  assert.equal(item.insert, 'pl-number-input answers-name="$1"></pl-number-input>');
  assert.equal(item.snippet, true);
  assert.ok(!c.items.some((i) => i.label === 'pl-dropdown'), 'deprecated elements are not offered');
  assert.equal(c.items.find((i) => i.label === 'pl-question-panel')!.insert, 'pl-question-panel>$0</pl-question-panel>');
});

test('a start tag typed in the middle of a file gets the same snippet; one with a quoted "<" in a value is not new', () => {
  const { text, offset } = at('<p>x</p>\n<pl-num|\n<pl-question-panel>\n<p>y</p>\n</pl-question-panel>\n');
  const c = completeAt(text, offset)!;
  assert.equal(text.slice(c.start, c.end), 'pl-num');
  assert.equal(c.items.find((i) => i.label === 'pl-number-input')!.insert, 'pl-number-input answers-name="$1"></pl-number-input>');
  const quoted = at('<pl-num| label="a<b"></pl-number-input>\n<p>y</p>');
  assert.equal(completeAt(quoted.text, quoted.offset)!.items.find((i) => i.label === 'pl-number-input')!.insert, 'pl-number-input');
});

test('inside a parent, its child tags come first; an existing tag only has its name replaced', () => {
  const { text, offset } = at('<pl-checkbox answers-name="a"><pl-a|></pl-answer></pl-checkbox>');
  const c = completeAt(text, offset)!;
  assert.equal(c.items[0].label, 'pl-answer');
  assert.equal(c.items[0].insert, 'pl-answer');
});

test('attribute names for the element at the cursor, without those already given', () => {
  const { text, offset } = at('<pl-number-input answers-name="a" |></pl-number-input>');
  const c = completeAt(text, offset)!;
  const labels = c.items.map((i) => i.label);
  assert.ok(labels.includes('rtol') && labels.includes('weight'));
  assert.ok(!labels.includes('answers-name'));
  const { text: t2, offset: o2 } = at('<pl-number-input answers-name="a" we|></pl-number-input>');
  const c2 = completeAt(t2, o2)!;
  assert.equal(t2.slice(c2.start, c2.end), 'we');
  assert.equal(c2.items.find((i) => i.label === 'weight')!.insert, 'weight="$1"');
  const { text: t3, offset: o3 } = at('<pl-number-input answers-name="a" wie|ght="2"></pl-number-input>');
  const c3 = completeAt(t3, o3)!;
  assert.equal(t3.slice(c3.start, c3.end), 'wieght');
  assert.equal(c3.items.find((i) => i.label === 'weight')!.insert, 'weight');
});

test('enum and boolean values, and file names for file attributes', () => {
  const enumAt = at('<pl-multiple-choice answers-name="a" display="|"></pl-multiple-choice>');
  assert.deepEqual(completeAt(enumAt.text, enumAt.offset)!.items.map((i) => i.label), ['block', 'inline', 'dropdown']);
  const boolAt = at('<pl-number-input answers-name="a" allow-blank="t|"></pl-number-input>');
  const bools = completeAt(boolAt.text, boolAt.offset)!;
  assert.deepEqual(bools.items.map((i) => i.label), ['true', 'false']);
  assert.equal(boolAt.text.slice(bools.start, bools.end), 't');
  const fileAt = at('<pl-figure file-name="|"></pl-figure>');
  const listed: string[] = [];
  const files = completeAt(fileAt.text, fileAt.offset, {
    questionDir: '/c/questions/q',
    courseRoot: '/c',
    readDir: (p) => {
      listed.push(p);
      return [
        { name: 'graph.png', isDirectory: false },
        { name: 'sub', isDirectory: true },
      ];
    },
  })!;
  assert.deepEqual(files.items.map((i) => i.label), ['graph.png']);
  assert.deepEqual(listed, ['/c/questions/q/clientFilesQuestion']);
});

test('params names from server.py after {{params.', () => {
  const { text, offset } = at('<p>{{params.b|}}</p>');
  const c = completeAt(text, offset, { serverPy: { params: new Set(['b', 'a']) } })!;
  assert.deepEqual(c.items.map((i) => i.label), ['a', 'b']);
  assert.equal(text.slice(c.start, c.end), 'b');
});

test('hover: element and attribute meaning, type and default', () => {
  const text = '<pl-figure file-name="a.png" type="static"></pl-figure><pl-dropdown answers-name="x"></pl-dropdown>';
  const element = hoverAt(text, 3)!;
  // Tag names in code spans (issue 12): VS Code's Markdown would take a bare <pl-figure> as HTML and drop it.
  assert.match(element.markdown, /^\*\*`<pl-figure>`\*\* \(display\)/);
  assert.match(element.markdown, /Shows an image file/);
  assert.equal(text.slice(element.start, element.end), 'pl-figure');
  const attr = hoverAt(text, text.indexOf('type') + 1)!;
  assert.match(attr.markdown, /"static" \| "dynamic"/);
  assert.match(attr.markdown, /Default: `static`/);
  assert.match(hoverAt(text, text.indexOf('dropdown') + 2)!.markdown, /\*\*Deprecated\.\*\*/);
  assert.equal(hoverAt(text, text.indexOf('a.png')), undefined);
});

test('hover: no bare tag in the Markdown, so every <pl-...> name survives rendering', () => {
  const text = '<pl-string-input answers-name="s"></pl-string-input><pl-dropdown answers-name="d"></pl-dropdown>';
  const element = hoverAt(text, 3)!.markdown;
  assert.match(element, /^\*\*`<pl-string-input>`\*\* \(submission\)/);
  const attribute = hoverAt(text, text.indexOf('answers-name') + 1)!.markdown;
  assert.match(attribute, /^\*\*answers-name\*\* on `<pl-string-input>`: string, required/);
  for (const md of [element, attribute, hoverAt(text, text.indexOf('pl-dropdown') + 2)!.markdown]) {
    // Outside code spans, no < that Markdown could read as the start of a tag.
    assert.doesNotMatch(md.replace(/`[^`]*`/g, ''), /(?<!\\)<[a-z/]/i, md);
  }
});

test('hover: a default shared by every element that has the attribute, and meanings of common attributes', () => {
  const text = '<pl-number-input answers-name="a" allow-blank="true" rtol="0.01"></pl-number-input>';
  const blank = hoverAt(text, text.indexOf('allow-blank') + 1)!.markdown;
  assert.match(blank, /Whether a blank submission is accepted/);
  assert.match(blank, /Default: `false`/);
  assert.match(hoverAt(text, text.indexOf('rtol') + 1)!.markdown, /Relative tolerance/);
});

const fixOf = (text: string, code: string) => {
  const d = checkTemplate(prepareTemplate(text), new Set(), {}).find((r) => r.code === code)!;
  const fix = quickFix(text, code, d.start, d.data)!;
  let out = text;
  for (const e of [...fix.edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return { title: fix.title, out };
};

test('quick fix: rename a duplicate answers-name', () => {
  const { title, out } = fixOf('<pl-number-input answers-name="x1"></pl-number-input><pl-number-input answers-name="x1"></pl-number-input>', 'duplicate-answers-name');
  assert.equal(title, 'Rename to "x2"');
  assert.equal(out, '<pl-number-input answers-name="x2"></pl-number-input><pl-number-input answers-name="x1"></pl-number-input>');
});

test('quick fix: replace deprecated elements, attributes and values with their successors', () => {
  assert.equal(fixOf('<pl-matrix-output digits="3"></pl-matrix-output>', 'deprecated-element').out, '<pl-variable-output digits="3"></pl-variable-output>');
  assert.equal(fixOf('<pl-code style="x">a</pl-code>', 'deprecated-attribute').out, '<pl-code style-name="x">a</pl-code>');
  assert.equal(fixOf('<pl-checkbox answers-name="a" inline="true"><pl-answer>x</pl-answer></pl-checkbox>', 'deprecated-attribute').out, '<pl-checkbox answers-name="a" display="inline"><pl-answer>x</pl-answer></pl-checkbox>');
  assert.equal(fixOf('<pl-checkbox answers-name="a" fixed-order="false"><pl-answer>x</pl-answer></pl-checkbox>', 'deprecated-attribute').out, '<pl-checkbox answers-name="a"><pl-answer>x</pl-answer></pl-checkbox>');
  assert.equal(fixOf('<pl-multiple-choice answers-name="a" none-of-the-above="yes"><pl-answer>x</pl-answer></pl-multiple-choice>', 'deprecated-attribute-value').out, '<pl-multiple-choice answers-name="a" none-of-the-above="random"><pl-answer>x</pl-answer></pl-multiple-choice>');
  const text = '<pl-dropdown answers-name="a"></pl-dropdown>';
  const d = checkTemplate(prepareTemplate(text), new Set(), {}).find((r) => r.code === 'deprecated-element')!;
  assert.equal(quickFix(text, d.code, d.start, d.data), undefined, 'no mechanical successor for pl-dropdown');
  const both = '<pl-code style="x" style-name="y">a</pl-code>';
  const d2 = checkTemplate(prepareTemplate(both), new Set(), {}).find((r) => r.code === 'deprecated-attribute')!;
  assert.equal(quickFix(both, d2.code, d2.start, d2.data), undefined, 'never gives both the old and the new attribute');
});

test('quick fix: every "did you mean" of question.html has one (element, attribute, template namespace)', () => {
  const element = fixOf('<pl-numbr-input answers-name="x"></pl-numbr-input>', 'unknown-element');
  assert.equal(element.title, 'Change to <pl-number-input>');
  assert.equal(element.out, '<pl-number-input answers-name="x"></pl-number-input>');
  const attribute = fixOf('<pl-number-input answers-nme="x"></pl-number-input>', 'unknown-attribute');
  assert.equal(attribute.out, '<pl-number-input answers-name="x"></pl-number-input>');
  // Not when the element already has the suggested attribute.
  const both = '<pl-number-input answers-name="x" answers-nme="y"></pl-number-input>';
  const d = checkTemplate(prepareTemplate(both), new Set(), {}).find((r) => r.code === 'unknown-attribute')!;
  assert.equal(quickFix(both, 'unknown-attribute', d.start, d.data), undefined);
  // No suggestion, no fix.
  const far = '<pl-zzzzzzzzzz></pl-zzzzzzzzzz>';
  const none = checkTemplate(prepareTemplate(far), new Set(), {}).find((r) => r.code === 'unknown-element')!;
  assert.doesNotMatch(String(none.message), /Did you mean/);
  assert.equal(quickFix(far, 'unknown-element', none.start, none.data), undefined);
  // The namespace of a misspelt {{param.id.1}}: "Did you mean params.id.1?" and its fix.
  const text = '<p>{{param.id.1}}</p>';
  const at = text.indexOf('param.id');
  const fix = quickFix(text, 'misspelt-template-namespace', at, { namespace: 'params', suggestion: 'params.id.1' })!;
  assert.equal(fix.title, 'Change to {{params.id.1}}');
  assert.deepEqual(fix.edits, [{ start: at, end: at + 'param.id.1'.length, newText: 'params.id.1' }]);
});
