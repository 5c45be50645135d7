// question.html mustache with mustache.js semantics (docs/reference/questionLifecycle.md, Processing question.html).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMustache } from '../../../server/lib/runtime';

test('numbers print as JavaScript prints them, booleans lowercase, null and missing as nothing', () => {
  const view = JSON.parse('{"a": 3.0, "b": 0.30000000000000004, "c": 1e21, "t": true, "n": null, "o": {}, "l": [1,2]}');
  assert.equal(renderMustache('{{a}} {{b}} {{c}} {{t}} [{{n}}] [{{missing}}] {{o}} {{l}}', view), '3 0.30000000000000004 1e+21 true [] [] [object Object] 1,2');
});

test('{{x}} escapes & < > " \' / ` = ; {{{x}}} and {{& x}} do not', () => {
  const view = { s: `<a href="x">&'/\`=</a>` };
  assert.equal(renderMustache('{{s}}', view), '&lt;a href&#x3D;&quot;x&quot;&gt;&amp;&#39;&#x2F;&#x60;&#x3D;&lt;&#x2F;a&gt;');
  assert.equal(renderMustache('{{{s}}}|{{& s}}', view), `${view.s}|${view.s}`);
});

test('sections: false, 0, "", [] skip; arrays repeat with {{.}}; objects push a context; inverted sections', () => {
  const view = { z: 0, e: '', l: [], xs: [1, 2], o: { k: 'v' }, t: true, top: 'T' };
  assert.equal(renderMustache('{{#z}}a{{/z}}{{#e}}b{{/e}}{{#l}}c{{/l}}{{#missing}}d{{/missing}}', view), '');
  assert.equal(renderMustache('{{#xs}}<{{.}}>{{/xs}}', view), '<1><2>');
  assert.equal(renderMustache('{{#o}}{{k}}{{top}}{{/o}}{{#t}}yes{{/t}}', view), 'vTyes');
  assert.equal(renderMustache('{{^z}}none{{/z}}{{^l}}empty{{/l}}{{^xs}}no{{/xs}}', view), 'noneempty');
});

test('dotted names resolve through the context stack; comments and standalone section lines vanish', () => {
  assert.equal(renderMustache('{{params.a.b}}|{{params.q}}', { params: { a: { b: 2 } } }), '2|');
  assert.equal(renderMustache('a\n  {{#t}}\nb\n  {{/t}}\n{{! note }}c', { t: true }), 'a\nb\nc');
});

test('an unclosed section throws, as mustache.js does', () => {
  assert.throws(() => renderMustache('{{#a}}x', {}), /Unclosed section "a"/);
});

test('spaces after "{{" do not hide the tag type: "{{ #items }}" is a section, "{{ ^none }}" inverted (as mustache.js)', () => {
  const view = { items: [{ n: 1 }, { n: 2 }], none: [] };
  assert.equal(renderMustache('{{ #items }}<{{ n }}>{{ /items }}{{  ^none }}empty{{ /none }}', view), '<1><2>empty');
});
