// Which course Start Local Reference Server serves: the open course (from git, or from the folder when it is
// not a repository, saying so), the demo only when no folder is a course.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { servedCourse } from '../../client/src/localServer/servedCourse';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-served-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const folder = (name: string, course: boolean, git: boolean) => {
  const dir = path.join(work, name);
  fs.mkdirSync(path.join(dir, git ? '.git' : '.'), { recursive: true });
  if (course) fs.writeFileSync(path.join(dir, 'infoCourse.json'), '{}');
  return dir;
};

test('a course in git: its repository; a course folder without git: the folder, with the reason; no course: the demo, with the reason', () => {
  const plain = folder('notes', false, true);
  const onDisk = folder('pl101', true, false);
  const inGit = folder('cs225', true, true);
  assert.deepEqual(servedCourse([plain, inGit]), { kind: 'git', dir: inGit, args: ['--course-repo', inGit], label: 'the course cs225 (its git repository)' });
  const fromDisk = servedCourse([plain, onDisk]);
  assert.deepEqual(fromDisk.args, ['--course-dir', onDisk]);
  assert.equal(fromDisk.label, 'the course pl101 (the folder on disk)');
  assert.match(fromDisk.why!, /not a git repository/);
  const demo = servedCourse([plain]);
  assert.equal(demo.kind, 'demo');
  assert.deepEqual(demo.args, []);
  assert.match(demo.why!, /No folder of the workspace is a course/);
  assert.equal(servedCourse([]).kind, 'demo');
});
