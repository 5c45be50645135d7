import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { openApp } from '../../../server/apps/referenceServer/app';
import { onEachBackend } from './helpers/backends';
import { commitFiles, git, smallCourse, UUIDS } from './helpers/courseRepo';
import { startReference, type Running } from './helpers/server';

const ESC = '\u001b[';

async function syncAndWait(r: Running): Promise<{ id: string; status: any }> {
  const res = await r.get(`/course/${r.courseId}/sync`, undefined, { method: 'POST' });
  assert.equal(res.status, 200);
  const { job_sequence_id: id } = JSON.parse(await res.text());
  for (;;) {
    const status = JSON.parse(await (await r.get(`/course/${r.courseId}/sync/${id}`)).text());
    if (status.status !== 'Running') return { id, status };
    await new Promise((res) => setTimeout(res, 25));
  }
}

async function assessmentsByName(r: Running): Promise<Record<string, any>> {
  const list = JSON.parse(await (await r.get('/course_instances/1/assessments')).text());
  return Object.fromEntries(list.map((a: any) => [a.assessment_name, a]));
}

onEachBackend((backend) => {
  let r: Running;
  before(async () => {
    r = await startReference(await backend(), { students: 0 });
  });
  after(() => r?.close());

  test('first sync clones the repository and prints PrairieLearn lines', async () => {
    const [job] = await r.app.db.query("SELECT status, output, finish_date FROM jobs WHERE type = 'sync' ORDER BY id LIMIT 1");
    assert.equal(job.status, 'Success');
    assert.ok(job.finish_date);
    assert.ok(job.output.startsWith('Clone from remote git repository\n'));
    assert.ok(job.output.includes('\nSync git repository to database\nLoading info.json files from course repository\n'));
    assert.ok(job.output.includes(`${ESC}94mCommand: git clone -b master ${r.repo} `));
    assert.ok(job.output.includes(`${ESC}94mWorking directory: /${ESC}39m\n`));
    assert.match(job.output, new RegExp(`${ESC.replace('[', '\\[')}2mCommand completed in \\d+\\.\\d{2}ms`));
    assert.ok(job.output.includes(`${ESC}32m✓ Course sync successful${ESC}39m\n`));
    // The timing lines of the database steps, dim, in the order they run.
    const timings = [...job.output.matchAll(new RegExp(`${ESC.replace('[', '\\[')}2m(Loaded course data from disk|Synced [^\\n]*?) in \\d+\\.\\d{2}ms${ESC.replace('[', '\\[')}22m\n`, 'g'))].map((m) => m[1]);
    assert.deepEqual(timings, [
      'Loaded course data from disk',
      'Synced course info',
      'Synced course instances',
      'Synced topics',
      'Synced tags',
      'Synced questions',
      'Synced assessment sets',
      'Synced assessments for Fa25',
      'Synced all assessments',
      'Synced all course data',
    ]);
    const [commit] = await r.app.db.query('SELECT commit_hash FROM courses');
    assert.equal(commit.commit_hash, git(r.repo, 'rev-parse', 'HEAD').trim());
  });

  test('a change: the git steps run in order and the API shows the new data', async () => {
    const files = smallCourse();
    const hw = files['courseInstances/Fa25/assessments/HW1/infoAssessment.json'] as any;
    commitFiles(r.repo, {
      'courseInstances/Fa25/assessments/HW1/infoAssessment.json': { ...hw, title: 'Renamed homework' },
      'questions/third/info.json': { uuid: UUIDS.q3, title: 'Third', topic: 'New topic', type: 'v3' },
      'questions/third/question.html': '<p>3</p>',
    });
    const { status } = await syncAndWait(r);
    assert.equal(status.status, 'Success', status.output);
    const steps = [
      'Updating to latest remote origin address',
      'Fetch from remote git repository',
      'Restore staged and unstaged changes',
      'Clean local files not in remote git repository',
      'Check out current branch',
      'Reset state to remote git repository',
      'Sync git repository to database',
    ];
    const at = steps.map((s) => status.output.indexOf(s + '\n'));
    assert.ok(at.every((i: number) => i >= 0), 'every step printed');
    assert.deepEqual([...at].sort((a, b) => a - b), at, 'in PrairieLearn order');
    for (const cmd of ['git remote set-url origin', 'git fetch', 'git restore --staged --worktree .', 'git clean -fdx', 'git checkout master', 'git reset --hard origin/master']) {
      assert.ok(status.output.includes(`Command: ${cmd}`), cmd);
    }
    assert.equal((await assessmentsByName(r)).HW1.title, 'Renamed homework');
    const [q] = await r.app.db.query(
      `SELECT q.title, t.name AS topic, t.implicit FROM questions q JOIN topics t ON t.id = q.topic_id WHERE q.qid = 'third'`,
    );
    assert.deepEqual(q, { title: 'Third', topic: 'New topic', implicit: true });
  });

  test('a broken info.json: error printed per file, status Error, previous data kept', async () => {
    const before = await assessmentsByName(r);
    commitFiles(r.repo, { 'courseInstances/Fa25/assessments/HW1/infoAssessment.json': '{ "uuid": "' + UUIDS.hw + '", "title": "Broken", ' });
    const { status } = await syncAndWait(r);
    assert.equal(status.status, 'Error');
    assert.ok(status.output.includes(`${ESC}91m✖ Some JSON files contained errors and were unable to be synced${ESC}39m\n`));
    assert.ok(status.output.includes(`${ESC}1m• courseInstances/Fa25/assessments/HW1/infoAssessment.json${ESC}22m\n`));
    assert.match(status.output, /\u001b\[91m {2}✖ Error parsing JSON/);
    assert.ok(status.output.endsWith(`${ESC}91mOne or more JSON files contained errors and were unable to be synced.${ESC}39m\n`));
    const after = await assessmentsByName(r);
    assert.deepEqual(after.HW1, before.HW1, 'last good data kept, same id');
    const [row] = await r.app.db.query(`SELECT sync_errors FROM assessments WHERE tid = 'HW1'`);
    assert.match(row.sync_errors, /Error parsing JSON/);
  });

  test('entities are matched by UUID (renamed folder keeps its id) and soft-deleted when gone', async () => {
    const files = smallCourse();
    const before = await assessmentsByName(r);
    commitFiles(r.repo, {
      'courseInstances/Fa25/assessments/HW1': null,
      'courseInstances/Fa25/assessments/Homework1/infoAssessment.json': files['courseInstances/Fa25/assessments/HW1/infoAssessment.json'],
      'questions/third': null,
    });
    const { status } = await syncAndWait(r);
    assert.equal(status.status, 'Success', status.output);
    const after = await assessmentsByName(r);
    assert.equal(after.Homework1.assessment_id, before.HW1.assessment_id);
    assert.equal(after.HW1, undefined);
    const [q] = await r.app.db.query(`SELECT deleted_at FROM questions WHERE qid = 'third'`);
    assert.ok(q.deleted_at, 'question soft-deleted');
    commitFiles(r.repo, { 'questions/third/info.json': { uuid: UUIDS.q3, title: 'Back', topic: 'Arithmetic', type: 'v3' } });
    await syncAndWait(r);
    const rows = await r.app.db.query(`SELECT deleted_at, title FROM questions WHERE uuid = $1`, [UUIDS.q3]);
    assert.deepEqual(rows, [{ deleted_at: null, title: 'Back' }], 'restored by UUID, not duplicated');
  });

  test('a missing branch fails at checkout and changes nothing', async () => {
    const before = await assessmentsByName(r);
    const [{ commit_hash }] = await r.app.db.query('SELECT commit_hash FROM courses');
    await r.app.db.query(`UPDATE courses SET branch = 'no-such-branch'`);
    try {
      const { status } = await syncAndWait(r);
      assert.equal(status.status, 'Error');
      assert.ok(status.output.includes('Command: git checkout no-such-branch'));
      assert.ok(!status.output.includes('Sync git repository to database'));
      assert.deepEqual(await assessmentsByName(r), before);
      assert.equal((await r.app.db.query('SELECT commit_hash FROM courses'))[0].commit_hash, commit_hash);
    } finally {
      await r.app.db.query(`UPDATE courses SET branch = 'master'`);
    }
  });

  test('an unreachable repository fails at fetch and changes nothing', async () => {
    const before = await assessmentsByName(r);
    const [{ commit_hash }] = await r.app.db.query('SELECT commit_hash FROM courses');
    await r.app.db.query(`UPDATE courses SET repository = '/nonexistent/repository.git'`);
    try {
      const { status } = await syncAndWait(r);
      assert.equal(status.status, 'Error');
      assert.ok(status.output.includes('Command: git fetch'));
      assert.ok(!status.output.includes('Restore staged and unstaged changes'));
      assert.deepEqual(await assessmentsByName(r), before);
      assert.equal((await r.app.db.query('SELECT commit_hash FROM courses'))[0].commit_hash, commit_hash);
    } finally {
      await r.app.db.query(`UPDATE courses SET repository = $1`, [r.repo]);
    }
  });

  test('a missing branch on a first clone fails at clone and changes nothing', async () => {
    const before = await assessmentsByName(r);
    const [{ path, commit_hash }] = await r.app.db.query('SELECT path, commit_hash FROM courses');
    fs.rmSync(path, { recursive: true, force: true });
    await r.app.db.query(`UPDATE courses SET branch = 'no-such-branch'`);
    try {
      const { status } = await syncAndWait(r);
      assert.equal(status.status, 'Error');
      assert.ok(status.output.startsWith('Clone from remote git repository\n'));
      assert.ok(status.output.includes('Command: git clone -b no-such-branch'));
      assert.ok(!status.output.includes('Sync git repository to database'));
      assert.deepEqual(await assessmentsByName(r), before);
      assert.equal((await r.app.db.query('SELECT commit_hash FROM courses'))[0].commit_hash, commit_hash);
    } finally {
      await r.app.db.query(`UPDATE courses SET branch = 'master'`);
    }
  });

  test('a deleted checkout is cloned again', async () => {
    const [{ path }] = await r.app.db.query('SELECT path FROM courses');
    fs.rmSync(path, { recursive: true, force: true });
    const { status } = await syncAndWait(r);
    assert.equal(status.status, 'Success', status.output);
    assert.ok(status.output.startsWith('Clone from remote git repository\n'));
  });

  test('two concurrent POSTs: distinct jobs, the second waits for the first', async () => {
    commitFiles(r.repo, { 'questions/third/info.json': { uuid: UUIDS.q3, title: 'Concurrent', topic: 'Arithmetic', type: 'v3' } });
    const post = () => r.get(`/course/${r.courseId}/sync`, undefined, { method: 'POST' }).then(async (res) => JSON.parse(await res.text()).job_sequence_id);
    const [first, second] = await Promise.all([post(), post()]);
    assert.notEqual(first, second);
    const status = async (id: string) => JSON.parse(await (await r.get(`/course/${r.courseId}/sync/${id}`)).text());
    const [earlierId, laterId] = Number(first) < Number(second) ? [first, second] : [second, first];
    for (;;) {
      // The later job first: if the earlier one still runs after that, the later one was still queued when read.
      const later = await status(laterId);
      const earlier = await status(earlierId);
      if (earlier.status === 'Running') {
        // Our extension: the output so far is returned while a job runs; the queued one has none yet.
        assert.equal(typeof earlier.output, 'string');
        assert.equal(later.status, 'Running');
        assert.equal(later.output, '');
      }
      if (earlier.status !== 'Running' && later.status !== 'Running') {
        assert.equal(earlier.status, 'Success');
        assert.equal(later.status, 'Success');
        assert.ok(earlier.finish_date <= later.finish_date);
        break;
      }
      await new Promise((res) => setTimeout(res, 5));
    }
    const numbers = await r.app.db.query('SELECT number FROM job_sequences WHERE course_id = $1 ORDER BY id', [r.courseId]);
    assert.deepEqual(numbers.map((n: any) => n.number), numbers.map((_: any, i: number) => i + 1), 'numbered per course');
  });

  test('warnings: summary line and per-file yellow lines, status Success', async () => {
    const info = smallCourse()['infoCourse.json'] as any;
    commitFiles(r.repo, { 'infoCourse.json': { ...info, topics: [...info.topics, ...info.topics] } });
    try {
      const { status } = await syncAndWait(r);
      assert.equal(status.status, 'Success', status.output);
      assert.ok(status.output.includes('\n⚠ Some JSON files contained warnings but all were successfully synced\n'));
      assert.ok(status.output.includes(`${ESC}1m• infoCourse.json${ESC}22m\n${ESC}93m  ⚠ `));
    } finally {
      commitFiles(r.repo, { 'infoCourse.json': info });
    }
  });

  test("question.html is not part of the sync: its output is PrairieLearn's, without the editor's findings, and the status stays Success", async () => {
    // An error-level finding for the editor (a required attribute missing) and a warning (an unknown pl-* tag):
    // the editor shows them where they are; PrairieLearn's sync never reads question.html, and neither does this one.
    commitFiles(r.repo, {
      'questions/third/info.json': { uuid: UUIDS.q3, title: 'Third', topic: 'New topic', type: 'v3' },
      'questions/third/question.html': '<pl-number-input></pl-number-input>\n<pl-not-an-element></pl-not-an-element>\n',
    });
    try {
      const { status } = await syncAndWait(r);
      assert.equal(status.status, 'Success', status.output);
      assert.ok(status.output.includes(`${ESC}32m✓ Course sync successful${ESC}39m\n`), 'PrairieLearn never reads question.html');
      assert.doesNotMatch(status.output, /question\.html|answers-name|pl-not-an-element/, status.output);
      assert.ok(!status.output.includes('✖'), 'no error mark');
    } finally {
      commitFiles(r.repo, { 'questions/third/question.html': '<p>3</p>' });
    }
  });

  test('a running job saves its output as it goes, so that a crash keeps it', { skip: process.platform === 'win32' }, async () => {
    // A git transport that takes its time: `slow::` makes git run git-remote-slow, found on PATH.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-slow-git-'));
    fs.writeFileSync(path.join(bin, 'git-remote-slow'), '#!/bin/sh\nsleep 4\nexit 1\n', { mode: 0o755 });
    const [course] = await r.app.db.query('SELECT repository FROM courses WHERE id = $1', [r.courseId]);
    const pathBefore = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${pathBefore}`;
    await r.app.db.query('UPDATE courses SET repository = $2 WHERE id = $1', [r.courseId, `slow::${course.repository}`]);
    try {
      const res = await r.get(`/course/${r.courseId}/sync`, undefined, { method: 'POST' });
      const { job_sequence_id: id } = JSON.parse(await res.text());
      let saved: { status: string; output: string | null } | undefined;
      for (let i = 0; i < 60 && !saved?.output; i++) {
        await new Promise((res) => setTimeout(res, 100));
        [saved] = await r.app.db.query('SELECT status, output FROM jobs WHERE job_sequence_id = $1', [id]);
      }
      assert.equal(saved!.status, 'Running', 'saved while the job still runs');
      assert.match(saved!.output!, /Command: git fetch/);
      await r.app.sync.idle(r.courseId);
    } finally {
      process.env.PATH = pathBefore;
      await r.app.db.query('UPDATE courses SET repository = $2 WHERE id = $1', [r.courseId, course.repository]);
      fs.rmSync(bin, { recursive: true, force: true });
    }
    assert.equal((await syncAndWait(r)).status.status, 'Success');
  });

  test('a restart marks jobs left running as failed', async () => {
    const [seq] = await r.app.db.query(
      `INSERT INTO job_sequences (course_id, number, type) VALUES ($1, 1000, 'sync') RETURNING id`,
      [r.courseId],
    );
    // With the output it had saved while running (it was null before running jobs saved their output).
    await r.app.db.query(`INSERT INTO jobs (job_sequence_id, course_id, type, output) VALUES ($1, $2, 'sync', 'Pull from remote git repository\n')`, [seq.id, r.courseId]);
    const marked = await r.app.sync.failAbandoned();
    assert.equal(marked, 1);
    const status = JSON.parse(await (await r.get(`/course/${r.courseId}/sync/${seq.id}`)).text());
    assert.equal(status.status, 'Error');
    assert.equal(status.output, `Pull from remote git repository\n${ESC}91mError: the server stopped while this job ran (it was killed or crashed), so the job did not finish.${ESC}39m\n`);
    assert.ok(status.finish_date);
  });
});

test('a second start on the same data folder reuses the database', async () => {
  const r = await startReference({ kind: 'pglite' }, { students: 3 });
  const dataDir = r.app.dataDir;
  const [count] = await r.app.db.query('SELECT count(*)::int AS n FROM users');
  await r.close(true);
  const again = await openApp({ dataDir });
  try {
    const [count2] = await again.db.query('SELECT count(*)::int AS n FROM users');
    assert.equal(count2.n, count.n);
  } finally {
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(r.repo, { recursive: true, force: true });
  }
});
