import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';

export type Files = Record<string, object | string | null>;

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: 'pipe' });
}

/** Writes files (objects as JSON, null deletes) and commits them. */
export function commitFiles(repo: string, files: Files, message = 'change'): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(repo, rel);
    if (content === null) {
      fs.rmSync(file, { recursive: true, force: true });
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '--allow-empty', '-m', message);
}

/** A new git repository on branch `master` holding `files`. */
export function makeCourseRepo(files: Files): string {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-repo-'));
  git(repo, 'init', '-q', '-b', 'master');
  commitFiles(repo, files, 'initial');
  return repo;
}

export const UUIDS = {
  q1: '11111111-1111-4111-8111-111111111111',
  q2: '22222222-2222-4222-8222-222222222222',
  q3: '33333333-3333-4333-8333-333333333333',
  ci: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  hw: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  exam: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
};

/** A small valid course: two questions, one instance (legacy access rules), a homework and an exam. */
export function smallCourse(): Files {
  return {
    'infoCourse.json': {
      uuid: '99999999-9999-4999-8999-999999999999',
      name: 'TEST 101',
      title: 'Test Course',
      timezone: 'America/Chicago',
      topics: [{ name: 'Arithmetic', color: 'blue1', description: 'Sums.' }],
      tags: [{ name: 'numeric', color: 'blue2', description: 'Numbers.' }],
      assessmentSets: [{ abbreviation: 'HW', name: 'Homework', heading: 'Homework', color: 'green1' }],
    },
    'questions/addNumbers/info.json': { uuid: UUIDS.q1, title: 'Add numbers', topic: 'Arithmetic', tags: ['numeric'], type: 'v3' },
    'questions/addNumbers/question.html': '<pl-question-panel>1+1</pl-question-panel>',
    'questions/sub/multiply/info.json': { uuid: UUIDS.q2, title: 'Multiply', topic: 'Arithmetic', type: 'v3' },
    'questions/sub/multiply/question.html': '<pl-question-panel>2*2</pl-question-panel>',
    'courseInstances/Fa25/infoCourseInstance.json': {
      uuid: UUIDS.ci,
      longName: 'Fall 2025',
      timezone: 'Asia/Kolkata',
      allowAccess: [{ startDate: '2025-08-25T00:00:01', endDate: '2025-12-20T23:59:59' }],
    },
    'courseInstances/Fa25/assessments/HW1/infoAssessment.json': {
      uuid: UUIDS.hw,
      type: 'Homework',
      title: 'First homework',
      set: 'Homework',
      number: '1',
      allowAccess: [{ startDate: '2025-09-01T00:00:01', endDate: '2025-09-08T23:59:59', credit: 100 }],
      zones: [{ title: 'Basics', questions: [{ id: 'addNumbers', points: 2, maxPoints: 6 }, { id: 'sub/multiply', points: 3, maxPoints: 9 }] }],
    },
    'courseInstances/Fa25/assessments/Exam1/infoAssessment.json': {
      uuid: UUIDS.exam,
      type: 'Exam',
      title: 'First exam',
      set: 'Exam',
      number: '1',
      allowAccess: [{ mode: 'Public', startDate: '2025-10-01T09:00:00', endDate: '2025-10-01T11:00:00', credit: 100, timeLimitMin: 60 }],
      zones: [
        { title: 'Part 1', questions: [{ numberChoose: 1, points: [5, 3], alternatives: [{ id: 'addNumbers' }, { id: 'sub/multiply' }] }] },
      ],
    },
  };
}
