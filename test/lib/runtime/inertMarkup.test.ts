// Feedback, partial scores and format errors reach render with the tags that run or load something
// written as text, and everything else as the author wrote it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inertMarkup } from '../../../server/lib/runtime/inertMarkup';

test('active tags become text in every string, at any depth; formatting and shape stay', () => {
  assert.equal(inertMarkup('<b>Close:</b> you wrote <script>x()</script>'), '<b>Close:</b> you wrote &lt;script>x()&lt;/script>');
  assert.equal(inertMarkup('<SCRIPT src=x></SCRIPT><Svg/onload=1><iframe srcdoc=1><base href=x><meta http-equiv=refresh>'), '&lt;SCRIPT src=x>&lt;/SCRIPT>&lt;Svg/onload=1>&lt;iframe srcdoc=1>&lt;base href=x>&lt;meta http-equiv=refresh>');
  assert.equal(inertMarkup('<scripts> <basement> <code>a < b</code>'), '<scripts> <basement> <code>a < b</code>');
  assert.deepEqual(inertMarkup({ x: { score: 0.5, feedback: ['<script>', 3, null, true] } }), { x: { score: 0.5, feedback: ['&lt;script>', 3, null, true] } });
});
