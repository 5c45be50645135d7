// The bundled server, forked as the extension forks it, answers before any question code has run: the
// seeded submissions get their sample answers afterwards, with progress over the IPC channel and in the
// log, and a question whose samples cannot be made keeps submissions without answers and a note. A gate
// file held by the test keeps one question's server.py waiting, so "before" is an order of events, not a time.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { makeCourseRepo, smallCourse, UUIDS } from './helpers/courseRepo';
import { ensureBundle, forkReferenceServer } from './helpers/forkedServer';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-bg-'));
const gate = path.join(work, 'gate');
const DEMO_Q = path.join(ROOT, 'server', 'demo-course', 'questions', 'algebra', 'linearEquation');

const course = smallCourse();
const hw = course['courseInstances/Fa25/assessments/HW1/infoAssessment.json'] as { zones: { questions: object[] }[] };
hw.zones[0].questions = [{ id: 'gated', points: 2, maxPoints: 6 }, { id: 'broken', points: 1, maxPoints: 3 }];
const repo = makeCourseRepo({
  ...course,
  'questions/gated/info.json': { uuid: UUIDS.q3, title: 'Gated', topic: 'Arithmetic', type: 'v3' },
  'questions/gated/question.html': fs.readFileSync(path.join(DEMO_Q, 'question.html'), 'utf8'),
  'questions/gated/server.py': fs
    .readFileSync(path.join(DEMO_Q, 'server.py'), 'utf8')
    .replace('def generate(data):\n', `def generate(data):\n    import os, time\n    while not os.path.exists(${JSON.stringify(gate)}):\n        time.sleep(0.05)\n`),
  'questions/broken/info.json': { uuid: '44444444-4444-4444-8444-444444444444', title: 'Broken', topic: 'Arithmetic', type: 'v3' },
  'questions/broken/question.html': '<pl-number-input answers-name="x"></pl-number-input>',
  'questions/broken/server.py': 'def generate(data):\n    raise ValueError("no variant today")\n',
});

before(ensureBundle);
after(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(repo, { recursive: true, force: true });
});

interface Row {
  question_name: string;
  submitted_answer: Record<string, unknown>;
  score: number;
}

test('the server answers before the sample answers exist; they follow, with progress; a failing question gets a note', async () => {
  const server = await forkReferenceServer(['--data-dir', path.join(work, 'data'), '--course-repo', repo, '--port', '0', '--students', '4']);
  const { progress } = server;
  try {
    const get = async (p: string) => (await server.get(p)).json();
    const submissions = async (): Promise<Row[]> => {
      const instances = (await get('/course_instances/1/assessments')) as { assessment_id: number; assessment_name: string }[];
      const homework = instances.find((a) => a.assessment_name === 'HW1')!;
      const list = (await get(`/course_instances/1/assessments/${homework.assessment_id}/assessment_instances`)) as { assessment_instance_id: number }[];
      return (await Promise.all(list.map((ai) => get(`/course_instances/1/assessment_instances/${ai.assessment_instance_id}/submissions`)))).flat() as Row[];
    };
    // The students' submissions come first, assessment by assessment, then their sample answers.
    await server.progressWhere((p) => p.stage === 'submissions' && p.finished);
    assert.ok(progress.filter((p) => p.stage === 'submissions').every((p) => p.total === 2), "the homework's and the exam's submissions");
    const early = await submissions();
    assert.ok(early.length > 0, 'seeded submissions');
    assert.ok(early.every((s) => Object.keys(s.submitted_answer).length === 0), 'no answers yet: no question code ran before the server answered');
    assert.equal(progress.filter((p) => p.finished && !p.stage).length, 0, 'still filling (the gated question waits)');

    fs.writeFileSync(gate, '');
    const finished = await server.progressWhere((p) => p.finished && !p.stage);
    assert.deepEqual({ done: finished.done, total: finished.total, without: finished.without, problem: finished.problem }, { done: 4, total: 4, without: 1, problem: undefined }, "the homework's two questions and the exam's two");
    assert.ok(progress.some((p) => !p.finished && !p.stage && p.done === 1), 'progress after each question');
    assert.match(server.output(), /sample answers: broken has none: its variant for seed \S+ is broken: .*no variant today/);
    assert.match(server.output(), /sample answers: done, 3 of 4 questions have them/);

    const late = await submissions();
    const gated = late.filter((s) => s.question_name === 'gated');
    const broken = late.filter((s) => s.question_name === 'broken');
    assert.ok(gated.length > 0 && broken.length > 0);
    assert.ok(gated.every((s) => typeof s.submitted_answer.x === 'number'), 'the gated question: its sample answers');
    assert.ok(gated.every((s) => s.score === 0 || s.score === 1), 'graded as the question grades them (all or nothing)');
    assert.ok(broken.every((s) => Object.keys(s.submitted_answer).length === 0), 'the broken question: no answers, and the server kept running');
  } finally {
    await server.stop();
  }
});
