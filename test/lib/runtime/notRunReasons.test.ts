// The reasons given for elements the runtime does not run are the same in the preview's box (Python)
// and in pl-check's note (TypeScript), and the note carries them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NOT_RUN_REASONS, notRunMessage } from '../../../server/lib/runtime/notRunReasons';
import { pythonJson } from './elementHarness';

test('the box and the note give the same reasons', () => {
  const python = pythonJson('from plruntime.traverse import NOT_RUN_REASONS\nprint(json.dumps(NOT_RUN_REASONS))');
  assert.deepEqual(python, NOT_RUN_REASONS);
  const box = pythonJson('from plruntime.traverse import unsupported_box\nprint(json.dumps(unsupported_box("pl-sketch")))');
  assert.match(box, /&lt;pl-sketch&gt; is not previewed here: its canvas and its grader are PrairieLearn's sketchresponse packages/);
});

test("the note names the reason when there is one, and only then", () => {
  assert.equal(notRunMessage('pl-sketch'), "<pl-sketch> is not run by the local runtime (its canvas and its grader are PrairieLearn's sketchresponse packages, which this extension cannot ship), so its answers are not tested here");
  assert.equal(notRunMessage('pl-future'), '<pl-future> is not run by the local runtime, so its answers are not tested here');
});
