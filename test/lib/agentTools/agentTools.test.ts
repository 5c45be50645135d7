// Every agent tool through the library, on the demo course and on a course like a real one
// (fixtureCourse.ts), with real Python running the questions.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { AgentTools, AGENT_TOOLS } from '../../../server/lib/agentTools';
import { fixtureCourse } from './fixtureCourse';

const DEMO = path.resolve(__dirname, '../../../server/demo-course');
const demo = new AgentTools({ folders: [DEMO] });
const root = fixtureCourse();
const fixture = new AgentTools({ folders: [root] });
after(() => Promise.all([demo.dispose(), fixture.dispose()]));

const ok = async (tools: AgentTools, name: string, input: object) => {
  const r = await tools.run(name, input);
  assert.ok(!r.isError, `${name} failed: ${r.text}`);
  return r as { text: string; data: any };
};

test('each tool has a JSON Schema for an object input, a description, and says so when it writes', () => {
  assert.deepEqual(AGENT_TOOLS.map((t) => t.name), ['check', 'test_question', 'render_question', 'grade_submission', 'element_reference', 'find_questions', 'question_uses', 'new_question', 'rename_question']);
  for (const t of AGENT_TOOLS) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.inputSchema.additionalProperties, false, t.name);
    assert.ok(t.description.length > 80, t.name);
    assert.equal(t.writes, /^WRITES FILES/.test(t.description), t.name);
  }
  assert.deepEqual(AGENT_TOOLS.filter((t) => t.writes).map((t) => t.name), ['new_question', 'rename_question']);
});

test('bad input is an error result saying what is wrong, never a throw', async () => {
  const cases: [string, object, RegExp][] = [
    ['check', { bogus: 1 }, /additional properties \("bogus"\)/],
    ['test_question', {}, /must have required property 'qid'/],
    ['test_question', { qid: 'no/such' }, /no question "no\/such"/],
    ['test_question', { qid: '../../etc' }, /no question/],
    ['test_question', { qid: 'crash', variants: 500 }, /"variants" must be <= 20/],
    ['grade_submission', { qid: 'crash', answers: { x: 3 } }, /"answers\.x" must be string/],
    ['element_reference', { name: 'pl-numbr-input' }, /No PrairieLearn element "pl-numbr-input"/],
    ['check', { path: '../elsewhere' }, /outside the course/],
    ['no_such_tool', {}, /No tool "no_such_tool"/],
  ];
  for (const [name, input, message] of cases) {
    const r = await fixture.run(name, input);
    assert.equal(r.isError, true, `${name} ${JSON.stringify(input)}`);
    assert.match(r.text, message);
  }
  const two = new AgentTools({ folders: [DEMO, root] });
  const r = await two.run('find_questions', {});
  assert.equal(r.isError, true);
  assert.match(r.text, /Several courses are served; name one with "course"/);
});

test('check: the demo course is clean; a broken info.json is found at its line, with the fix, and filters and limits hold', async () => {
  assert.match((await ok(demo, 'check', {})).text, /^No problems in the course\./);
  const file = path.join(root, 'questions/good/one/info.json');
  const before = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, before.replace('"topic": "Basics"', '"topic": "Nowhere"').replace(/"uuid": "[^"]+"/, '"uuid": "not-a-uuid"'));
  try {
    const r = await ok(fixture, 'check', { path: 'questions/good/one/info.json' });
    const codes = r.data.findings.map((f: any) => f.code).sort();
    assert.ok(codes.includes('uuid-invalid'), codes.join());
    const uuid = r.data.findings.find((f: any) => f.code === 'uuid-invalid');
    assert.equal(uuid.file, 'questions/good/one/info.json');
    assert.equal(uuid.line, 2);
    assert.match(uuid.fix, /new UUID/);
    const only = await ok(fixture, 'check', { path: 'questions/good/one/info.json', codes: ['uuid-invalid'] });
    assert.deepEqual(only.data.findings.map((f: any) => f.code), ['uuid-invalid']);
    const limited = await ok(fixture, 'check', { limit: 1 });
    assert.equal(limited.data.findings.length, 1);
    assert.equal(limited.data.more, limited.data.counts.errors + limited.data.counts.warnings + limited.data.counts.notes - 1);
    assert.match(limited.text, /… and \d+ more findings/);
  } finally {
    fs.writeFileSync(file, before);
  }
  // A file that fails its schema gets no further rules (as PrairieLearn's sync stops there): the topic alone.
  fs.writeFileSync(file, before.replace('"topic": "Basics"', '"topic": "Nowhere"'));
  const topic = (await ok(fixture, 'check', { path: 'questions/good/one', severity: 'hint' })).data.findings.find((f: any) => /Nowhere/.test(f.message));
  assert.match(topic?.fix ?? '', /declare "Nowhere" in the topic list/);
  fs.writeFileSync(file, before);
  // The file fixed: a re-check of it is clean again.
  const again = await ok(fixture, 'check', { path: 'questions/good/one/info.json', severity: 'error' });
  assert.deepEqual(again.data.findings, []);
});

test('test_question: the demo template passes; a crash is at its server.py line; a wrong correct answer is found; every common input passes', async () => {
  const good = await ok(demo, 'test_question', { qid: 'template/numericAnswer', variants: 2 });
  assert.equal(good.data.passed, true, good.text);
  assert.equal(good.data.variants.length, 2);

  const crash = await ok(fixture, 'test_question', { qid: 'crash', variants: 1 });
  assert.equal(crash.data.passed, false);
  const f = crash.data.variants[0].findings.find((x: any) => x.code === 'server-py-error');
  assert.deepEqual([f.file, f.line], ['questions/crash/server.py', 2]);
  assert.match(crash.text, /ZeroDivisionError/);

  const wrong = await ok(fixture, 'test_question', { qid: 'wrongAnswer', variants: 1 });
  assert.equal(wrong.data.variants[0].correctAnswerScore, 0);
  assert.ok(wrong.data.variants[0].findings.some((x: any) => x.code === 'correct-answer-not-full-score'), wrong.text);

  const all = await ok(fixture, 'test_question', { qid: 'allInputs', variants: 2 });
  assert.equal(all.data.passed, true, all.text);
  const v = all.data.variants[0];
  assert.deepEqual(Object.keys(v.testAnswers).sort(), ['cb', 'expr', 'int', 'mc', 'num', 'word']);
  assert.ok(v.blankSubmission.formatErrors.length > 0, 'a blank submission is refused');

  // The same seed again gives the same variant and verdict.
  const again = await ok(fixture, 'test_question', { qid: 'allInputs', seeds: [v.seed] });
  assert.deepEqual(again.data.variants[0].testAnswers, v.testAnswers);
});

test('render_question: the text a student reads, each input by name and kind with its options, params and correct answers', async () => {
  const r = await ok(fixture, 'render_question', { qid: 'allInputs', seed: '7' });
  assert.match(r.data.questionText, /Answer every part for \$a = \d\$\./);
  const inputs = Object.fromEntries(r.data.inputs.map((i: any) => [i.name, i]));
  for (const name of ['num', 'int', 'word', 'expr']) assert.equal(inputs[name].kind, 'text', name);
  assert.equal(inputs.mc.kind, 'radio');
  assert.deepEqual(inputs.mc.options.map((o: any) => o.label.replace(/^\([a-z]\) /, '')).sort(), ['Right', 'Wrong']);
  assert.equal(inputs.cb.kind, 'checkbox');
  assert.equal(inputs.cb.options.length, 3);
  const correct = JSON.parse(r.data.correctAnswers);
  assert.equal(correct.word, 'cat');
  assert.doesNotMatch(r.text, /<script|<input/);

  const demoR = await ok(demo, 'render_question', { qid: 'algebra/linearEquation', seed: '1', answers: { x: '0' } });
  assert.equal(demoR.data.submission.score, 0);
  assert.ok(demoR.data.submission.answerText, 'the answer panel shows after a submission');

  const broken = await ok(fixture, 'render_question', { qid: 'crash' });
  assert.equal(broken.data.broken, true);
  assert.ok(broken.data.issues.some((i: any) => i.file === 'questions/crash/server.py' && i.line === 2));
});

test('grade_submission: right, wrong and unreadable answers to the same variant', async () => {
  const rendered = await ok(fixture, 'render_question', { qid: 'allInputs', seed: '3' });
  const correct = JSON.parse(rendered.data.correctAnswers);
  const answers = { num: String(correct.num), int: String(correct.int), word: 'cat', expr: correct.expr.replace('*', ' '), mc: correct.mc.key, cb: correct.cb.map((c: any) => c.key) };
  const right = await ok(fixture, 'grade_submission', { qid: 'allInputs', seed: '3', answers });
  assert.equal(right.data.score, 1, `${JSON.stringify(answers)}: ${right.text}`);
  const wrong = await ok(fixture, 'grade_submission', { qid: 'allInputs', seed: '3', answers: { num: '1000', int: '0', word: 'dog', expr: 'x', mc: correct.mc.key, cb: [correct.cb[0].key] } });
  assert.ok(wrong.data.score !== null && wrong.data.score < 1 && wrong.data.score > 0, wrong.text);
  assert.equal(wrong.data.partialScores.num.score, 0);
  const unreadable = await ok(fixture, 'grade_submission', { qid: 'allInputs', seed: '3', answers: { num: 'abc' } });
  assert.equal(unreadable.data.score, null);
  assert.ok('num' in unreadable.data.formatErrors);
  const broken = await fixture.run('grade_submission', { qid: 'crash', answers: { x: '1' } });
  assert.equal(broken.isError, true);
  assert.match(broken.text, /broken/);
});

test('element_reference: one element with attributes, defaults and an example; the list without a name', async () => {
  const r = await ok(demo, 'element_reference', { name: 'pl-number-input' });
  const rtol = r.data.attributes.find((a: any) => a.name === 'rtol');
  assert.equal(rtol.type, 'float');
  assert.ok(r.data.attributes.find((a: any) => a.name === 'answers-name').required);
  assert.match(r.data.example, /^<pl-number-input answers-name="ans"/);
  const mc = await ok(demo, 'element_reference', { name: 'pl-multiple-choice' });
  assert.match(mc.data.example, /<pl-answer correct="true">/);
  const list = await ok(demo, 'element_reference', {});
  assert.ok(list.data.elements.length > 40);
  assert.ok(list.data.elements.some((e: any) => e.name === 'pl-checkbox'));
});

test('find_questions and question_uses: by words, topic and tag, bounded; the assessments that use a question', async () => {
  const all = await ok(demo, 'find_questions', {});
  assert.equal(all.data.total, 16);
  const few = await ok(demo, 'find_questions', { limit: 3 });
  assert.deepEqual([few.data.questions.length, few.data.more], [3, 13]);
  const quad = await ok(demo, 'find_questions', { query: 'QUADRATIC factor' });
  assert.deepEqual(quad.data.questions.map((q: any) => q.qid), ['algebra/factorQuadratic']);
  assert.deepEqual((await ok(fixture, 'find_questions', { tag: 'mixed' })).data.questions.map((q: any) => q.qid), ['allInputs']);
  const uses = await ok(fixture, 'question_uses', { qid: 'good/one' });
  assert.deepEqual(uses.data.uses.map((u: any) => `${u.courseInstance}/${u.assessment}`).sort(), ['Fa26/HW1', 'Fa26/Quiz1']);
  assert.equal((await ok(fixture, 'question_uses', { qid: 'wrongAnswer' })).data.total, 0);
});

test('new_question and rename_question write what they say, and refuse what Rename refuses', async () => {
  const made = await ok(fixture, 'new_question', { qid: 'made/fresh', title: 'Fresh one' });
  assert.equal(made.data.template, 'template/numeric');
  const infoJson = JSON.parse(fs.readFileSync(path.join(root, 'questions/made/fresh/info.json'), 'utf8'));
  assert.equal(infoJson.title, 'Fresh one');
  assert.notEqual(infoJson.uuid, '00000000-0000-4000-8000-000000000004');
  assert.deepEqual(infoJson.tags, []);
  assert.ok(fs.existsSync(path.join(root, 'questions/made/fresh/server.py')));
  const builtIn = await ok(fixture, 'new_question', { qid: 'made/builtin', title: 'Built in', template: 'builtin:numeric' });
  assert.deepEqual(builtIn.data.files, ['info.json', 'question.html', 'server.py']);
  assert.equal((await ok(fixture, 'test_question', { qid: 'made/builtin', variants: 1 })).data.passed, true);

  for (const [input, message] of [
    [{ qid: 'made/fresh', title: 'x' }, /already exists/],
    [{ qid: 'good/one/inner', title: 'x' }, /inside the question "good\/one"/],
    [{ qid: 'a/../b', title: 'x' }, /is not a QID/],
  ] as const) {
    const r = await fixture.run('new_question', input);
    assert.equal(r.isError, true);
    assert.match(r.text, message);
  }

  const renamed = await ok(fixture, 'rename_question', { qid: 'good/one', newQid: 'better/one' });
  assert.deepEqual(renamed.data.changedFiles, ['courseInstances/Fa26/assessments/HW1/infoAssessment.json', 'courseInstances/Fa26/assessments/Quiz1/infoAssessment.json']);
  assert.ok(fs.existsSync(path.join(root, 'questions/better/one/info.json')));
  assert.ok(!fs.existsSync(path.join(root, 'questions/good')), 'the folder left empty is removed');
  assert.match(fs.readFileSync(path.join(root, 'courseInstances/Fa26/assessments/Quiz1/infoAssessment.json'), 'utf8'), /"id": "better\/one"/);
  assert.deepEqual((await ok(fixture, 'check', { severity: 'error' })).data.findings, []);
  const refused = await fixture.run('rename_question', { qid: 'better/one', newQid: 'crash' });
  assert.equal(refused.isError, true);
  assert.match(refused.text, /A question "crash" already exists/);
});

test('resources and the new-question prompt name the course\'s topics, templates and QIDs', () => {
  const uris = fixture.resources().map((r) => r.uri);
  assert.ok(uris.includes('prairielearn://elements'));
  assert.ok(uris.includes('prairielearn://elements/pl-number-input'));
  assert.match(fixture.readResource('prairielearn://elements/pl-number-input') ?? '', /rtol/);
  assert.match(fixture.readResource('prairielearn://courses/0/qids') ?? '', /^allInputs\tEvery common input$/m);
  assert.equal(fixture.readResource('prairielearn://nothing'), undefined);
  const prompt = demo.prompt('new_question', { about: 'adding fractions' });
  assert.match(prompt, /adding fractions/);
  assert.match(prompt, /Algebra/);
  assert.match(prompt, /template\/numericAnswer/);
});

test('check after edits: a question.html checked before and edited again is seen afresh, also when another file is checked', async () => {
  const tools = new AgentTools({ folders: [fixtureCourse()] });
  try {
    const rootOf = tools.sessions.roots()[0];
    const html = path.join(rootOf, 'questions/crash/question.html');
    const original = fs.readFileSync(html, 'utf8');
    assert.deepEqual((await ok(tools, 'check', { severity: 'error' })).data.findings, []);
    for (let round = 0; round < 2; round++) {
      fs.writeFileSync(html, '<pl-number-input></pl-number-input>\n');
      const broken = await ok(tools, 'check', { path: html, severity: 'error' });
      assert.ok(broken.data.findings.some((f: any) => f.file === 'questions/crash/question.html'), `round ${round}: ${broken.text}`);
      fs.writeFileSync(html, original);
      // Another file checked: the edit back to the original shows too.
      const other = await ok(tools, 'check', { path: 'questions/good/one/info.json', severity: 'error' });
      const whole = await ok(tools, 'check', { path: 'questions/crash', severity: 'error' });
      assert.deepEqual([other.data.findings, whole.data.findings], [[], []], `round ${round}`);
      const again = await ok(tools, 'check', { path: html, severity: 'error' });
      assert.deepEqual(again.data.findings, [], `round ${round}`);
    }
  } finally {
    await tools.dispose();
  }
});
