// A question's correct answer scores here what it scores in PrairieLearn's instructor Test, also when
// that is not 100%. Each question of fixtures/sharedFaultsCourse is written here (not copied) after a
// pattern of real course questions that PrairieLearn itself does not give full credit:
//   drawingPlacedOnly        server.py grades only objects the student placed (pl-drawing's test() answer
//                            has none): pl101 comp_eng_design/*, computer_networks/*, intro_ml/* drawings
//   lengthCredit             credit by answer length, and pl-rich-text-editor's test() answer is short:
//                            pl101 demos/prose, tour/text
//   courseElementWithoutTest a course element without test() that server.py grades: pl101 er_design/*
//   answerSetInParse         the real answer is set in parse(), test() submits generate()'s placeholder:
//                            pl101 steve/ubc_cpsc_121/Discussion_Attendance
//   sketchSampled            pl-sketch's test() answer samples the solution and itself expects only part of
//                            the credit: exampleCourse element/sketch, sketchAdvanced, gallery/sketch
//                            (recorded with sketchresponse 0.1.4, the version PrairieLearn pins, on PYTHONPATH)
//   setAnswer                a control that PrairieLearn does give 100%: set answers with oo and EmptySet
//                            (exampleCourse element/symbolicInput)
// fixtures/upstream/sharedFaultScores.json was recorded from PrairieLearn 88fb8556a7a1768e2082736be9095241b11238d7
// (its question_phases.process over its own elements, server.py called as its worker calls it) by
// test/upstream/record_question_scores.ts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { QuestionRuntime, testVariant } from '../../../server/lib/runtime';

const course = path.join(__dirname, 'fixtures', 'sharedFaultsCourse');
const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'upstream', 'sharedFaultScores.json'), 'utf8'));
const runtime = new QuestionRuntime({ timeoutMs: 20000, memoryMb: 1024, poolSize: 1 });
after(() => runtime.dispose());

test('the fixture names its PrairieLearn commit, and has questions PrairieLearn scores below 100% and at 100%', () => {
  assert.equal(recorded.prairielearnCommit, '88fb8556a7a1768e2082736be9095241b11238d7');
  const scores = recorded.rows.map((r: any) => r.prairielearn.score);
  assert.ok(scores.includes(0) && scores.includes(1));
  for (const r of recorded.rows) assert.equal(r.prairielearn.failure, undefined, `${r.qid}: ${r.prairielearn.failure}`);
});

for (const row of recorded.rows as Array<{ qid: string; seed: string; prairielearn: { score: number; testScore: number } }>) {
  test(`${row.qid} seed ${row.seed}: the correct answer scores ${row.prairielearn.score} as in PrairieLearn`, async () => {
    const verdict = await testVariant(runtime, course, row.qid, row.seed);
    assert.equal(verdict.result.variant.broken, false, verdict.error ?? '');
    assert.equal(verdict.result.expected?.score, row.prairielearn.testScore);
    assert.equal(verdict.correctAnswerScore, row.prairielearn.score);
  });
}
