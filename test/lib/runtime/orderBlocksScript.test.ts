// The pure part of pl-order-blocks.js (the page script): how drags, drops and keys change the
// arrangement, and the hidden <name>-input value it submits, which pl-order-blocks.py parse() reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ELEMENTS_DIR } from './elementHarness';
import { makeVariant, submit } from './fixtures/elements2/lifecycle';

interface State { source: string[]; answer: { uuid: string; indent: number }[] }
interface OrderBlocksLogic {
  moveBlock(s: State, uuid: string, list: 'source' | 'answer', index: number, indent: number, maxIndent: number): State;
  keyMove(s: State, uuid: string, key: string, maxIndent: number): State | null;
  dropIndex(midpoints: number[], y: number): number;
  dropIndent(offsetPx: number, stepPx: number, maxIndent: number): number;
  listAt(rects: { left: number; right: number; top: number; bottom: number }[], x: number, y: number): number;
  isDrag(dx: number, dy: number): boolean;
  answerJson(s: State, html: Record<string, string>): string;
  stateFromValue(value: string, shown: string[], maxIndent: number): State | null;
}
const logic = createRequire(__filename)(path.join(ELEMENTS_DIR, 'pl-order-blocks', 'pl-order-blocks.js')) as OrderBlocksLogic;
const start: State = { source: ['a', 'b', 'c'], answer: [] };

test('drops: a block lands where it is dropped, in either list, indented by the drop position', () => {
  let s = logic.moveBlock(start, 'b', 'answer', 0, 0, 0);
  assert.deepEqual(s, { source: ['a', 'c'], answer: [{ uuid: 'b', indent: 0 }] });
  s = logic.moveBlock(s, 'c', 'answer', logic.dropIndex([100], 80), 0, 0);
  assert.deepEqual(s.answer.map((b) => b.uuid), ['c', 'b'], 'dropped above the middle of b');
  s = logic.moveBlock(s, 'a', 'answer', logic.dropIndex([100, 140], 150), logic.dropIndent(70, 32, 4), 4);
  assert.deepEqual(s.answer, [{ uuid: 'c', indent: 0 }, { uuid: 'b', indent: 0 }, { uuid: 'a', indent: 2 }]);
  assert.equal(logic.dropIndent(500, 32, 4), 4, 'never past max-indent');
  assert.equal(logic.dropIndent(-50, 32, 4), 0);
  assert.equal(logic.dropIndent(70, 32, 0), 0, 'no indentation');
  s = logic.moveBlock(s, 'b', 'source', 0, 3, 4);
  assert.deepEqual(s, { source: ['b'], answer: [{ uuid: 'c', indent: 0 }, { uuid: 'a', indent: 2 }] }, 'back to the source');
  assert.deepEqual(logic.moveBlock(s, 'c', 'answer', 99, 9, 4).answer.at(-1), { uuid: 'c', indent: 4 }, 'index and indent clamped');
});

test('pointer drags: the list under the pointer takes the drop; a small move is a click', () => {
  const source = { left: 0, right: 100, top: 0, bottom: 50 };
  const answer = { left: 0, right: 100, top: 60, bottom: 200 };
  assert.equal(logic.listAt([source, answer], 10, 10), 0);
  assert.equal(logic.listAt([source, answer], 100, 200), 1, 'edges count');
  assert.equal(logic.listAt([source, answer], 50, 55), -1, 'between the lists');
  assert.equal(logic.listAt([source, answer], 150, 100), -1);
  assert.equal(logic.isDrag(3, 2), false);
  assert.equal(logic.isDrag(0, -5), true);
});

test('keys: Enter and Space move between lists, arrows reorder and indent', () => {
  let s = logic.keyMove(start, 'a', 'Enter', 4)!;
  s = logic.keyMove(s, 'c', ' ', 4)!;
  assert.deepEqual(s, { source: ['b'], answer: [{ uuid: 'a', indent: 0 }, { uuid: 'c', indent: 0 }] });
  s = logic.keyMove(s, 'c', 'ArrowUp', 4)!;
  assert.deepEqual(s.answer.map((b) => b.uuid), ['c', 'a']);
  assert.equal(logic.keyMove(s, 'c', 'ArrowUp', 4), null, 'already first');
  assert.equal(logic.keyMove(s, 'a', 'ArrowDown', 4), null, 'already last');
  s = logic.keyMove(s, 'a', 'ArrowRight', 4)!;
  s = logic.keyMove(s, 'a', 'ArrowRight', 4)!;
  assert.deepEqual(s.answer[1], { uuid: 'a', indent: 2 });
  assert.equal(logic.keyMove(s, 'c', 'ArrowLeft', 4), null, 'indent 0 stays');
  assert.equal(logic.keyMove(s, 'a', 'ArrowRight', 0), null, 'no indentation');
  assert.equal(logic.keyMove(s, 'b', 'ArrowRight', 4), null, 'source blocks have no indent');
  assert.equal(logic.keyMove(s, 'b', 'x', 4), null);
  s = logic.keyMove(s, 'a', 'Enter', 4)!;
  assert.deepEqual(s, { source: ['b', 'a'], answer: [{ uuid: 'c', indent: 0 }] }, 'back to the end of the source, indent dropped');
});

test('a restored hidden value rebuilds the arrangement; junk in it is ignored', () => {
  const value = JSON.stringify([{ uuid: 'c', indent: 1 }, { uuid: 'zz' }, { uuid: 'c' }, { uuid: 'a', indent: 9 }]);
  assert.deepEqual(logic.stateFromValue(value, ['a', 'b', 'c'], 4), { source: ['b'], answer: [{ uuid: 'c', indent: 1 }, { uuid: 'a', indent: 4 }] });
  assert.equal(logic.stateFromValue('{not json', ['a'], 4), null);
  assert.equal(logic.stateFromValue('{"a":1}', ['a'], 4), null);
  assert.equal(logic.stateFromValue('', ['a'], 4), null, 'an empty field: the rendered lists decide');
});

test('the value the page submits is what parse() accepts and grade() scores', () => {
  const EL = 'pl-order-blocks';
  const html = `<pl-order-blocks answers-name="p" indentation="true"><pl-answer>def f():</pl-answer>
    <pl-answer indent="1">return 1</pl-answer><pl-answer correct="false">pass</pl-answer></pl-order-blocks>`;
  const v = makeVariant(EL, html);
  const shown = v.params.p as { inner_html: string; uuid: string }[];
  const id = (t: string) => shown.find((b) => b.inner_html === t)!.uuid;
  const htmlByUuid = Object.fromEntries(shown.map((b) => [b.uuid, b.inner_html]));
  let s: State = { source: shown.map((b) => b.uuid), answer: [] };
  s = logic.keyMove(s, id('def f():'), 'Enter', 4)!;
  s = logic.moveBlock(s, id('return 1'), 'answer', 1, logic.dropIndent(40, 32, 4), 4);
  assert.equal(submit(EL, html, v, { 'p-input': logic.answerJson(s, htmlByUuid) }).partial_scores.p.score, 1);
  s = logic.keyMove(s, id('return 1'), 'ArrowLeft', 4)!;
  assert.equal(submit(EL, html, v, { 'p-input': logic.answerJson(s, htmlByUuid) }).partial_scores.p.score, 0, 'wrong indent');
  assert.match(submit(EL, html, v, { 'p-input': logic.answerJson({ source: [], answer: [] }, htmlByUuid) }).format_errors.p, /blank/);
});
