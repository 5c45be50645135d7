// The pure part of pl-file-editor.js (the page script): the base64 value it submits (what
// pl-file-editor.py parse() reads), Tab editing in the textarea fallback, and Ace's options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ELEMENTS_DIR } from './elementHarness';
import { makeVariant, submit } from './fixtures/elements2/lifecycle';

interface FileEditorLogic {
  encode(text: string): string;
  decode(value: string): string | null;
  tabEdit(text: string, start: number, end: number, shift: boolean): { text: string; start: number; end: number };
  aceOptions(d: Record<string, string | undefined>, dark: boolean): Record<string, unknown>;
}
const logic = createRequire(__filename)(path.join(ELEMENTS_DIR, 'pl-file-editor', 'pl-file-editor.js')) as FileEditorLogic;

test('the submitted value is base64 of the UTF-8 text, and parse() files it under its name', () => {
  const text = 'def f():\n    return "π ≈ 3.14"  # ✓\n';
  assert.equal(logic.encode(text), Buffer.from(text, 'utf8').toString('base64'));
  assert.equal(logic.decode(logic.encode(text)), text);
  assert.equal(logic.decode('not base64!'), null);
  assert.equal(logic.decode(Buffer.from([0xff, 0xfe]).toString('base64')), null, 'not UTF-8');
  const html = '<pl-file-editor file-name="main.py"></pl-file-editor>';
  const field = `_file_editor_${createHash('sha1').update('main.py').digest('hex')}`;
  const d = submit('pl-file-editor', html, makeVariant('pl-file-editor', html), { [field]: logic.encode(text) });
  assert.deepEqual(d.submitted_answers._files, [{ name: 'main.py', contents: logic.encode(text) }]);
  assert.equal(d.format_errors._files, undefined);
});

test('Tab in the textarea: spaces at the caret, or every selected line indented / unindented', () => {
  assert.deepEqual(logic.tabEdit('ab', 1, 1, false), { text: 'a    b', start: 5, end: 5 });
  const text = 'x = 1\nif x:\n  y = 2\nz';
  const indented = logic.tabEdit(text, 2, 14, false); // from inside line 1 to inside line 3
  assert.equal(indented.text, '    x = 1\n    if x:\n      y = 2\nz');
  assert.deepEqual([indented.start, indented.end], [6, 26]);
  const back = logic.tabEdit(indented.text, indented.start, indented.end, true);
  assert.equal(back.text, text);
  assert.deepEqual([back.start, back.end], [2, 14]);
  assert.equal(logic.tabEdit('  a', 3, 3, true).text, 'a', 'Shift+Tab with no selection unindents the line');
  assert.equal(logic.tabEdit('a', 1, 1, true).text, 'a');
});

test('Ace options follow the element attributes, VS Code light or dark, and never need a worker', () => {
  const light = logic.aceOptions({ aceMode: 'ace/mode/python', minLines: '18', maxLines: '', autoResize: 'true' }, false);
  assert.equal(light.mode, 'ace/mode/python');
  assert.equal(light.theme, 'ace/theme/chrome');
  assert.equal(light.minLines, 18);
  assert.equal(light.maxLines, Infinity, 'auto-resize grows with the text');
  assert.equal(light.useWorker, false);
  assert.equal('fontSize' in light, false);
  const dark = logic.aceOptions({ aceTheme: '', minLines: '5', maxLines: '3', autoResize: 'true', fontSize: '16px' }, true);
  assert.equal(dark.theme, 'ace/theme/tomorrow_night');
  assert.equal(dark.mode, 'ace/mode/text');
  assert.equal(dark.maxLines, 5, 'never fewer than min-lines');
  assert.equal(dark.fontSize, '16px');
  assert.equal(logic.aceOptions({ aceTheme: 'ace/theme/monokai', minLines: '10', autoResize: 'false' }, false).maxLines, 10);
  assert.equal(logic.aceOptions({ aceTheme: 'ace/theme/monokai' }, false).theme, 'ace/theme/monokai');
});
