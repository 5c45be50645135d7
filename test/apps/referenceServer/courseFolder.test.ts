// A course folder that is not a git repository is served from its files: a snapshot committed in the data
// folder at each start, synced again when the files changed (real PGlite, system git).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { openApp } from '../../../server/apps/referenceServer/app';
import { prepareCourse } from '../../../server/apps/referenceServer/startup';
import { smallCourse, UUIDS } from './helpers/courseRepo';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-folder-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

function writeFiles(dir: string, files: Record<string, object | string | null>): void {
  for (const [rel, content] of Object.entries(files)) {
    if (content === null) continue;
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), typeof content === 'string' ? content : JSON.stringify(content));
  }
}

test('a folder that is not a git repository is served as it is on disk, and as it is at the next start', async () => {
  const folder = path.join(work, 'course');
  writeFiles(folder, smallCourse());
  assert.ok(!fs.existsSync(path.join(folder, '.git')));
  const dataDir = path.join(work, 'data');
  const qids = async (app: Awaited<ReturnType<typeof openApp>>) =>
    (await app.db.query<{ qid: string }>('SELECT qid FROM questions WHERE deleted_at IS NULL ORDER BY qid')).map((r) => r.qid);
  let app = await openApp({ dataDir });
  try {
    const first = await prepareCourse(app, { courseDir: folder, seed: 1 });
    assert.equal(first.syncStatus, 'Success');
    assert.deepEqual(await qids(app), ['addNumbers', 'sub/multiply']);
    assert.ok(!fs.existsSync(path.join(folder, '.git')), 'the folder itself is left as it is');
  } finally {
    await app.close();
  }
  writeFiles(folder, {
    'questions/third/info.json': { uuid: UUIDS.q3, title: 'Third', topic: 'Arithmetic', type: 'v3' },
    'questions/third/question.html': '<pl-question-panel>3</pl-question-panel>',
  });
  app = await openApp({ dataDir });
  try {
    const second = await prepareCourse(app, { courseDir: folder, seed: 1 });
    assert.equal(second.created, false);
    assert.equal(second.syncStatus, 'Success', 'changed files: synced again');
    assert.deepEqual(await qids(app), ['addNumbers', 'sub/multiply', 'third']);
    const third = await prepareCourse(app, { courseDir: folder, seed: 1 });
    assert.equal(third.syncStatus, null, 'the same files: no sync');
  } finally {
    await app.close();
  }
});

test('a --course-dir without infoCourse.json, or with --course-repo, is refused with the reason', async () => {
  const app = await openApp({ dataDir: path.join(work, 'data2') });
  try {
    await assert.rejects(prepareCourse(app, { courseDir: work, seed: 1 }), /--course-dir .*: no infoCourse\.json there/);
    await assert.rejects(prepareCourse(app, { courseDir: work, courseRepo: work, seed: 1 }), /--course-repo and --course-dir name two courses/);
  } finally {
    await app.close();
  }
});
