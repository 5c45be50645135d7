// The question lifecycle in real Python (server/python/plruntime) on the fixture course: the fixture
// element fx-number stands in for core input elements. PrairieLearn behaviour per
// docs/reference/questionLifecycle.md (sections cited per test).
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { QuestionRuntime, RENDER_ERROR } from '../../../server/lib/runtime';

const COURSE = path.join(__dirname, 'fixtures/course');
const runtime = new QuestionRuntime({ timeoutMs: 3000, memoryMb: 1024, poolSize: 2 });
after(() => runtime.dispose());

describe('variants and seeds (Seeds)', () => {
  test('the same seed gives the same params from random and numpy.random; another seed does not', async () => {
    const a = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    const b = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    const c = await runtime.createVariant(COURSE, 'seeded', 'zz1');
    assert.equal(a.broken, false, JSON.stringify(a.issues));
    assert.deepEqual(a.params, b.params);
    assert.notEqual(a.params.a, c.params.a);
    assert.notEqual(a.params.b, c.params.b);
    assert.equal(a.correctAnswers.sum, (a.params.a as number) + (a.params.b as number));
  });

  test('each call starts from fresh module state: a course module imported by server.py is imported again', async () => {
    for (let i = 0; i < 3; i++) {
      const v = await runtime.createVariant(COURSE, 'fresh', String(i));
      assert.deepEqual(v.params, { calls: 1, prepare_calls: 1 });
    }
  });

  test('a seed is base 36 and random when not given; a seed that is not base 36 breaks the variant', async () => {
    const v = await runtime.createVariant(COURSE, 'seeded');
    assert.match(v.seed, /^[0-9a-z]+$/);
    assert.ok(parseInt(v.seed, 36) < 2 ** 32);
    const bad = await runtime.createVariant(COURSE, 'seeded', '-x');
    assert.equal(bad.broken, true);
  });

  test('question.html is rendered with JS mustache number formatting and markdown', async () => {
    const v = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    const page = await runtime.render(v);
    assert.match(page.questionHtml, /x=0\.30000000000000004 whole=3\b/);
    assert.match(page.questionHtml, /<strong>Add<\/strong> them\./);
    assert.match(page.headHtml, /plfile:\/courseElements\/fx-number\/fx-number\.css/);
  });
});

describe('data PrairieLearn gives server.py', () => {
  // PrairieLearn: preferences are the defaults of info.json "preferences" (lib/question-preferences.ts),
  // and only an imported `test` is skipped (python/prairielearn/internal/zygote_utils.py), at 88fb855.
  test('preference defaults from info.json, and a grade() imported from a course module is called', async () => {
    const v = await runtime.createVariant(COURSE, 'imported-grade', '1');
    assert.equal(v.broken, false, JSON.stringify(v.issues));
    assert.deepEqual(v.params, { base: 10, word: 'hi' });
    const s = await runtime.submit(v, {}, 'grade');
    assert.equal(s.score, 1, JSON.stringify(s.issues));
  });

  // PrairieLearn adds these between generate and prepare (lib/question-variant.ts at 88fb855).
  test('a workspace question gets its graded file names (not the glob patterns) in params', async () => {
    const v = await runtime.createVariant(COURSE, 'workspace-files', '1');
    // PrairieLearn turns brace expansion off for workspace globs, so "data/{a,b}.csv" is one plain name.
    const required = ['main.py', 'data/{a,b}.csv'];
    assert.deepEqual(v.params, { _workspace_required_file_names: required, _required_file_names: required });
  });
});

describe('grading (Scores)', () => {
  test('correct and wrong answers by correct_answers, with the answer panel after a submission', async () => {
    const v = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    const right = await runtime.submit(v, { sum: String(v.correctAnswers.sum) }, 'grade');
    assert.equal(right.score, 1);
    assert.equal(v.numTries, 1);
    const wrong = await runtime.submit(v, { sum: '1' }, 'grade');
    assert.equal(wrong.score, 0);
    const page = await runtime.render(v, [right, wrong]);
    assert.equal(page.submissionHtmls.length, 2);
    assert.match(page.submissionHtmls[0], /fx-submitted">1</, 'newest first (the float 1.0 travels as JSON 1)');
    assert.match(page.questionHtml, /value="1"/, 'the question panel shows the latest submission');
    assert.ok(page.answerHtml?.includes('fx-answer'));
  });

  test('format errors give no grade and no try', async () => {
    const v = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    const s = await runtime.submit(v, { sum: 'abc' }, 'grade');
    assert.equal(s.gradable, false);
    assert.equal(s.score, null);
    assert.equal(s.partialScores, null);
    assert.deepEqual(s.formatErrors, { sum: 'Invalid number.' });
    assert.equal(v.numTries, 0);
    const blank = await runtime.submit(v, {}, 'grade');
    assert.equal(blank.gradable, false);
  });

  test('save parses without grading', async () => {
    const v = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    const s = await runtime.submit(v, { sum: '3' }, 'save');
    assert.equal(s.gradable, true);
    assert.equal(s.graded, false);
    assert.equal(s.score, null);
    assert.equal(s.submittedAnswers.sum, 3);
  });

  test('partial credit by weight, and partialCredit: false gives 0 or 1', async () => {
    const v = await runtime.createVariant(COURSE, 'strict', 'a');
    const half = await runtime.submit(v, { a: '1', b: '0' }, 'grade');
    assert.equal(half.score, 0, 'partialCredit false: one of two right is 0');
    assert.deepEqual(half.partialScores, { a: { score: 1, weight: 1 }, b: { score: 0, weight: 1 } });
    const full = await runtime.submit(v, { a: '1', b: '2' }, 'grade');
    assert.equal(full.score, 1);
  });

  test('a custom server.py grade() sets score and feedback, shown through {{feedback.x}}', async () => {
    const v = await runtime.createVariant(COURSE, 'custom', 'q');
    const s = await runtime.submit(v, { p: '7', q: '-1' }, 'grade');
    assert.equal(s.score, 0.5);
    assert.equal(s.feedback.note, 'graded by server.py');
    const page = await runtime.render(v, [s]);
    assert.match(page.questionHtml, /<p class="fb">graded by server\.py<\/p>/);
    assert.equal(page.answerHtml, undefined, 'showCorrectAnswer: false hides the answer panel');
    assert.equal(page.submissionHtmls.length, 1);
  });
});

describe('file() (File)', () => {
  test('server.py file() serves a generatedFilesQuestion name', async () => {
    const v = await runtime.createVariant(COURSE, 'dynamic', '1');
    const page = await runtime.render(v);
    assert.match(page.questionHtml, /src="plfile:\/generatedFilesQuestion\/variant\/data\.txt"/);
    assert.equal((await runtime.file(v, 'data.txt')).toString(), 'k=42 note=');
    assert.equal((await runtime.file(v, 'other.txt')).length, 0);
  });

  test("a submission's file() sees that submission; a broken submission renders as broken and is skipped elsewhere", async () => {
    const v = await runtime.createVariant(COURSE, 'dynamic', '1');
    const saved = await runtime.submit(v, { note: 'hi' }, 'save');
    assert.equal((await runtime.file(v, 'data.txt', saved)).toString(), 'k=42 note=hi');
    const broken = await runtime.submit(v, { note: 'boom' }, 'save');
    assert.equal(broken.broken, true);
    assert.equal(broken.issues[0].line, 7);
    const page = await runtime.render(v, [saved, broken]);
    assert.deepEqual(page.submissionHtmls[0], 'Broken submission due to error in question code');
    assert.match(page.submissionHtmls[1], /src="plfile:\/generatedFilesQuestion\/submission\/0\/data\.txt"/);
    assert.match(page.questionHtml, /src="plfile:\/generatedFilesQuestion\/variant\/data\.txt"/);
  });
});

describe('course code that fails (Process and limits)', () => {
  test('an exception in server.py breaks the variant with its traceback and line', async () => {
    const v = await runtime.createVariant(COURSE, 'crash', '1');
    assert.equal(v.broken, true);
    const issue = v.issues[0];
    assert.equal(issue.fatal, true);
    assert.equal(issue.phase, 'generate');
    assert.equal(issue.file, path.join(COURSE, 'questions/crash/server.py'));
    assert.equal(issue.line, 2, 'the deepest line in server.py: 10 / n in helper()');
    assert.match(issue.message, /ZeroDivisionError/);
    assert.match(issue.traceback ?? '', /line 6, in generate/);
    const page = await runtime.render(v);
    assert.equal(page.questionHtml, 'Broken question due to error in question code');
  });

  test('a syntax error in server.py is fatal at its line', async () => {
    const v = await runtime.createVariant(COURSE, 'syntax', '1');
    assert.equal(v.broken, true);
    assert.match(v.issues[0].message, /SyntaxError/);
    assert.equal(v.issues[0].file, path.join(COURSE, 'questions/syntax/server.py'));
    assert.ok(v.issues[0].line === 2 || v.issues[0].line === 5, `line ${v.issues[0].line}`);
  });

  test('a server.py that ends its process is reported and the next call gets a new one', async () => {
    const v = await runtime.createVariant(COURSE, 'exits', '1');
    assert.equal(v.broken, true);
    assert.match(v.issues[0].message, /ended with status 3/);
    assert.equal((await runtime.createVariant(COURSE, 'seeded', 'k3x9')).broken, false);
  });

  test('a server.py that never returns is killed at the limit and the pool still works', async () => {
    const hung = await runtime.createVariant(COURSE, 'hang', '1');
    assert.equal(hung.broken, true);
    assert.match(hung.issues[0].message, /timeout exceeded/);
    const fine = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    assert.equal(fine.broken, false);
  });

  test('a server.py that allocates past the memory cap fails with MemoryError', async () => {
    const v = await runtime.createVariant(COURSE, 'hog', '1');
    assert.equal(v.broken, true);
    assert.match(v.issues[0].message, /MemoryError/);
    assert.equal((await runtime.createVariant(COURSE, 'seeded', 'k3x9')).broken, false);
  });

  test('extra keys and illegal modifications of data are fatal (Keys per phase)', async () => {
    const v = await runtime.createVariant(COURSE, 'illegal', '1');
    assert.equal(v.broken, true);
    assert.match(v.issues[0].message, /data contains extra keys: mine/);
    assert.match(v.issues[0].message, /data\["variant_seed"\] has been illegally modified/);
  });

  test('a mustache error in question.html is fatal in render, naming question.html', async () => {
    const v = await runtime.createVariant(COURSE, 'seeded', 'k3x9');
    const fixture = await import('node:fs');
    const file = path.join(COURSE, 'questions/seeded/question.html');
    const original = fixture.readFileSync(file, 'utf8');
    try {
      fixture.writeFileSync(file, original + '{{#params}}');
      const page = await runtime.render(v);
      assert.equal(page.questionHtml, RENDER_ERROR);
      assert.match(page.issues[0].message, /question\.html: Unclosed section "params"/);
    } finally {
      fixture.writeFileSync(file, original);
    }
  });

  test('data must be JSON: NaN, integers beyond 2^53 and numpy integers are fatal (Process and limits)', async () => {
    const expected: Record<string, RegExp> = {
      'json-nan': /NaN and infinity cannot be stored/,
      'json-bigint': /oversized integer: params\["v"\] = 1152921504606846976/,
      'json-npint': /Object of type int64 is not JSON serializable.*pl\.to_json/,
    };
    for (const [qid, message] of Object.entries(expected)) {
      const v = await runtime.createVariant(COURSE, qid, '1');
      assert.equal(v.broken, true, qid);
      assert.match(v.issues[0].message, message, qid);
    }
  });

  test('printing from server.py is a non-fatal issue', async () => {
    const v = await runtime.createVariant(COURSE, 'printing', '1');
    assert.equal(v.broken, false);
    assert.equal(v.issues.length, 1);
    assert.equal(v.issues[0].fatal, false);
    assert.match(v.issues[0].message, /output logged on console:\nhello from generate/);
  });
});

describe('elements without a controller here', () => {
  test('a pl-* element newer than the element list renders as a marked box and the rest still works', async () => {
    const v = await runtime.createVariant(COURSE, 'unknown', '1');
    const page = await runtime.render(v);
    assert.deepEqual(page.unsupportedElements, ['pl-hologram']);
    assert.match(page.questionHtml, /<p>Before<\/p>\s*<div class="pl-unsupported-element pl-unknown-element[^"]*" data-element="pl-hologram">&lt;pl-hologram&gt; is not an element this preview knows; it may be newer than this extension \(<a href="https:\/\/prairielearn.readthedocs.io\/en\/latest\/elements\/pl-hologram\/">[^<]*<\/a>\)<\/div>/);
    assert.match(page.questionHtml, /<input class="fx-number" name="n"/);
    const s = await runtime.submit(v, { n: '5' }, 'grade');
    assert.equal(s.score, 1);
  });
});

describe('the element map (Processing question.html)', () => {
  test('core names also answer with underscores, a course element overrides a core one, extensions reach their element', async () => {
    const v = await runtime.createVariant(COURSE, 'override', '1');
    const page = await runtime.render(v);
    assert.match(page.questionHtml, /<p>underscore alias<\/p>/);
    assert.match(page.questionHtml, /<p>course override<\/p>/);
    assert.doesNotMatch(page.questionHtml, /core would show this/);
    assert.match(page.questionHtml, /data-extensions="shout"/);
  });

  test('an element that changes data it may not change is a fatal issue naming its controller', async () => {
    const v = await runtime.createVariant(COURSE, 'override', '1');
    const s = await runtime.submit(v, { n: '1' }, 'save');
    assert.equal(s.broken, true);
    assert.match(s.issues[0].message, /Element <fx-meddler>: data\["variant_seed"\] has been illegally modified/);
    assert.equal(s.issues[0].file, path.join(COURSE, 'elements/fx-meddler/fx-meddler.py'));
  });
});

describe('the instructor Test (Test)', () => {
  test('passes for element answers and for a server.py test()', async () => {
    for (const qid of ['seeded', 'custom', 'strict']) {
      const t = await runtime.test(COURSE, qid, 'abc');
      assert.equal(t.passed, true, `${qid}: ${JSON.stringify([t.mismatches, t.issues])}`);
      assert.equal(t.submission?.score, 1);
    }
  });

  test('a broken question fails', async () => {
    const t = await runtime.test(COURSE, 'crash', 'abc');
    assert.equal(t.passed, false);
  });
});
