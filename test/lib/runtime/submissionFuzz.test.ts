// Seeded fuzzing of submissions through every input element of fixtures/trustCourse, in real Python:
// random answers built from markup, quotes, mustache, lone surrogates, bytes that are not UTF-8, very
// long strings and deeply nested JSON go through parse, grade and render, as typed answers and as a
// record from the API. The runtime never crashes or times out (a clear error on the question is
// fine), and no rendered panel holds a tag from them that could run. FUZZ_SEED / FUZZ_RUNS vary it.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { QuestionRuntime, type RenderedQuestion, type RuntimeIssue } from '../../../server/lib/runtime';
import { activeTags, hostileRecord, TRUST_COURSE } from './studentPayloads';
import { fuzzer } from './submissionFuzzer';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const runtime = new QuestionRuntime({ timeoutMs: 60_000, poolSize: 1 });
after(() => runtime.dispose());

/** An issue that says the runtime itself failed rather than the question. */
const runtimeFailure = (issues: RuntimeIssue[]) => issues.filter((i) => /Python (helper|process)|timeout exceeded|before answering|helper exited|protocol/i.test(i.message));

function assertNoActiveTags(r: RenderedQuestion, what: string): void {
  for (const html of [r.questionHtml, ...r.submissionHtmls, r.answerHtml ?? '']) assert.deepEqual(activeTags(html), [], `${what}: ${html.slice(0, 300)}`);
}

test(`fuzzed submissions through every input element (seed ${SEED}, ${RUNS} runs)`, { timeout: 1_800_000 }, async () => {
  const v = await runtime.createVariant(TRUST_COURSE, 'allInputs', '1');
  assert.equal(v.broken, false, JSON.stringify(v.issues));
  const correct = (await runtime.testAnswers(v, 'correct')).raw ?? {};
  const fields = Object.keys(correct);
  const parsed = (await runtime.submit(v, correct, 'save')).submittedAnswers;
  for (let run = 0; run < RUNS; run++) {
    const fz = fuzzer(SEED + run);
    const what = `FUZZ_SEED=${SEED + run}`;
    const raw: Record<string, string | string[]> = {};
    for (const name of fields) if (fz.r() < 0.9) raw[name] = fz.field(name);
    raw[fz.text().slice(0, 100)] = fz.text();

    const graded = await runtime.submit(v, raw, 'grade');
    assert.deepEqual(runtimeFailure(graded.issues), [], `${what}: parse/grade`);
    const rendered = await runtime.render(v, [graded]);
    assert.deepEqual(runtimeFailure(rendered.issues), [], `${what}: render`);
    assertNoActiveTags(rendered, `${what} typed`);

    const record = hostileRecord(v, fz.text(), fields, parsed, fz.r() < 0.5);
    record.raw = raw;
    for (const key of Object.keys(record.submittedAnswers)) if (fz.r() < 0.3) record.submittedAnswers[key] = fz.json(3);
    // Deeper than the runtime's data bound (a clear error on this render); a string field above holds JSON nested 2,000 deep.
    record.feedback = { echo: fz.text(), deep: fz.deep(fz.r() < 0.5 ? 100 : 600) as never };
    const fromRecord = await runtime.render(v, [record]);
    assert.deepEqual(runtimeFailure(fromRecord.issues), [], `${what}: render of a record`);
    assertNoActiveTags(fromRecord, `${what} record`);
  }
  // Still answering: a correct submission grades as before.
  const after = await runtime.submit(v, correct, 'grade');
  assert.equal(after.score, 1, JSON.stringify(after.issues));
});
