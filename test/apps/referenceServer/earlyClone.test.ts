// A first start's clone begins before the database opens; the first sync takes it when it would clone the
// same repository and branch, and its output shows the clone as PrairieLearn's sync does. A clone of
// another branch is not taken (the job clones itself), and a clone no sync took is removed
// (real PGlite, system git).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { openApp } from '../../../server/apps/referenceServer/app';
import { beginFirstClone, prepareCourse } from '../../../server/apps/referenceServer/startup';
import { discardEarlyClone } from '../../../server/apps/referenceServer/sync/earlyClone';
import { git, makeCourseRepo, smallCourse } from './helpers/courseRepo';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-early-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const plain = (text: string | null | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');

test('the first sync takes the clone begun before the database opened, and says it cloned', async () => {
  const repo = makeCourseRepo(smallCourse());
  const dataDir = path.join(work, 'data');
  const { early, branch } = beginFirstClone({ courseRepo: repo }, dataDir, undefined);
  assert.ok(early, 'no checkout yet: the clone begins');
  assert.equal(branch, 'master');
  const app = await openApp({ dataDir });
  try {
    app.sync.useEarlyClone(early);
    const prepared = await prepareCourse(app, { courseRepo: repo, branch, seed: 1 });
    await discardEarlyClone(early);
    assert.equal(prepared.syncStatus, 'Success');
    const course = (await app.db.query<{ path: string; commit_hash: string }>('SELECT path, commit_hash FROM courses WHERE id = $1', [prepared.courseId]))[0];
    assert.equal(course.commit_hash, git(repo, 'rev-parse', 'HEAD').trim(), 'the committed state of the branch');
    assert.ok(fs.existsSync(path.join(course.path, 'infoCourse.json')), 'the clone is the course checkout');
    assert.equal(git(course.path, 'remote', 'get-url', 'origin').trim(), repo);
    assert.deepEqual(fs.readdirSync(path.join(dataDir, 'courses')), [path.basename(course.path)], 'no early clone left behind');
    const job = (await app.db.query<{ output: string }>(`SELECT output FROM jobs WHERE course_id = $1`, [prepared.courseId]))[0];
    const output = plain(job.output);
    assert.match(output, new RegExp(`Clone from remote git repository\\nCommand: git clone -b master ${repo} ${course.path}\\nWorking directory: /\\n`));
    assert.match(output, /Command completed in [\d.]+ms/);
    assert.match(output, /Course sync successful/);
  } finally {
    await app.close();
  }
  // A later start has a checkout: nothing is cloned early.
  assert.equal(beginFirstClone({ courseRepo: repo }, dataDir, undefined).early, undefined);
});

test('a clone of another branch is not taken, and one no sync took is removed', async () => {
  const repo = makeCourseRepo(smallCourse());
  git(repo, 'branch', 'other');
  const dataDir = path.join(work, 'data-other');
  const { early } = beginFirstClone({ courseRepo: repo, branch: 'other' }, dataDir, undefined);
  assert.ok(early);
  const app = await openApp({ dataDir });
  try {
    app.sync.useEarlyClone(early);
    const prepared = await prepareCourse(app, { courseRepo: repo, branch: 'master', seed: 1 });
    await discardEarlyClone(early);
    assert.equal(prepared.syncStatus, 'Success');
    const names = fs.readdirSync(path.join(dataDir, 'courses'));
    assert.deepEqual(names, ['course-1'], `only the job's own clone: ${names.join(', ')}`);
    assert.equal(git(path.join(dataDir, 'courses', 'course-1'), 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'master');
  } finally {
    await app.close();
  }
});
