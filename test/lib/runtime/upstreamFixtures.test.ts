// The choice elements give what PrairieLearn's own elements gave for the same seed and inputs:
// random draws, params, correct answers, test() answers, parse and grade. The expected values were
// recorded from PrairieLearn's elements (elements/pl-multiple-choice, pl-checkbox, pl-matching at
// the commit named in the fixture, 88fb8556a7a1768e2082736be9095241b11238d7) by
// test/upstream/record_fixtures.py; replayElementCases.py runs ours through the same steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PYTHON } from './elementHarness';

const FIXTURE = path.join(__dirname, 'fixtures', 'upstream', 'choiceElements.json');
const recorded = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));

// pl-multiple-choice draws its wrong test answer from a set of keys, whose order follows string
// hashing: the fixture was recorded with PYTHONHASHSEED=0, so ours runs with it too.
const replay = spawnSync(PYTHON, [path.join(__dirname, 'replayElementCases.py'), FIXTURE], {
  encoding: 'utf8',
  env: { ...process.env, PYTHONHASHSEED: String(recorded.pythonHashSeed) },
  maxBuffer: 64 * 1024 * 1024,
});
const ours = replay.status === 0 ? JSON.parse(replay.stdout) : undefined;

test('the fixture names the PrairieLearn commit it came from', () => {
  assert.match(recorded.prairielearnCommit, /^[0-9a-f]{40}$/);
  assert.equal(replay.status, 0, replay.stderr);
});

for (const element of Object.keys(recorded.elements)) {
  test(`${element}: same draws, params, correct answers, test answers and grades as PrairieLearn`, () => {
    const cases = recorded.elements[element] as any[];
    assert.ok(cases.length >= 20);
    cases.forEach((theirs, i) => {
      const mine = ours[element][i];
      const where = `${theirs.html} (seed ${theirs.seed})`;
      if (theirs.prepareError) {
        assert.ok(mine.prepareError, `${where}: PrairieLearn rejects it (${theirs.prepareError}); ours prepared it`);
        return;
      }
      assert.equal(mine.prepareError, undefined, `${where}: ${mine.prepareError}`);
      assert.deepEqual(mine.params, theirs.params, `${where}: params`);
      assert.deepEqual(mine.correct_answers, theirs.correct_answers, `${where}: correct answers`);
      for (const kind of Object.keys(theirs.tests)) {
        const a = mine.tests[kind];
        const b = theirs.tests[kind];
        assert.deepEqual(a.raw, b.raw, `${where}: test() ${kind} answers`);
        assert.deepEqual(a.test_partial_scores, b.test_partial_scores, `${where}: test() ${kind} partial scores`);
        assert.deepEqual(a.test_format_errors, b.test_format_errors, `${where}: test() ${kind} format errors`);
        assert.deepEqual(a.format_errors, b.format_errors, `${where}: parse of the ${kind} answer`);
        assert.deepEqual(a.submitted_answers, b.submitted_answers, `${where}: parsed ${kind} answer`);
        assert.deepEqual(a.partial_scores, b.partial_scores, `${where}: grade of the ${kind} answer`);
        assert.deepEqual(a.feedback, b.feedback, `${where}: feedback on the ${kind} answer`);
      }
    });
  });
}
