// The reasons given for elements the runtime does not run are the same in the preview's box (Python)
// and in pl-check's note (TypeScript), and the note carries them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NOT_RUN_REASONS, notRunMessage } from '../../../server/lib/runtime/notRunReasons';
import { pythonJson } from './elementHarness';

test('the box and the note give the same reasons', () => {
  const python = pythonJson('from plruntime.traverse import NOT_RUN_REASONS\nprint(json.dumps(NOT_RUN_REASONS))');
  assert.deepEqual(python, NOT_RUN_REASONS);
  const box = pythonJson('from plruntime import traverse\ntraverse.NOT_RUN_REASONS["pl-x"] = "a reason"\nprint(json.dumps([traverse.unsupported_box("pl-x"), traverse.unsupported_box("pl-y")]))');
  assert.match(box[0], /&lt;pl-x&gt; is not previewed here: a reason \(<a /);
  assert.match(box[1], /&lt;pl-y&gt; is not previewed here \(<a /);
});

test("the note names the reason when there is one, and only then", () => {
  (NOT_RUN_REASONS as Record<string, string>)['pl-x'] = 'a reason';
  assert.equal(notRunMessage('pl-x'), '<pl-x> is not run by the local runtime (a reason), so its answers are not tested here');
  delete (NOT_RUN_REASONS as Record<string, string>)['pl-x'];
  assert.equal(notRunMessage('pl-future'), '<pl-future> is not run by the local runtime, so its answers are not tested here');
});
