import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { QuestionFileThread } from '../../../server/apps/plCheck/questionFileThread';
import { BASE_COURSE, temporaryFolder, writeCourse } from '../../helpers/course';
import { PL_CHECK } from './runCli';

/** A question whose question.html repeats an answers-name, and one without a question.html. */
function twoQuestionCourse(): string {
  return writeCourse({
    ...BASE_COURSE,
    'questions/q/info.json': { uuid: '11111111-1111-4111-8111-111111111111', title: 'Q', topic: 'Basics', type: 'v3' },
    'questions/q/question.html': '<pl-number-input answers-name="x"></pl-number-input>\n<pl-number-input answers-name="x"></pl-number-input>\n',
    'questions/empty/info.json': { uuid: '22222222-2222-4222-8222-222222222222', title: 'E', topic: 'Basics', type: 'v3' },
  });
}

test('the question file thread checks what it is handed, course by course', async () => {
  const root = twoQuestionCourse();
  const thread = new QuestionFileThread(PL_CHECK);
  try {
    for (let round = 0; round < 2; round++) {
      thread.startCourse(root);
      thread.addQuestion(path.join(root, 'questions/q'));
      thread.addQuestion(path.join(root, 'questions/empty'));
      const results = await thread.endCourse();
      assert.equal(results.found, 1, 'one question.html');
      assert.equal(results.files.length, 1);
      assert.equal(results.files[0].path, path.join(root, 'questions/q/question.html'));
      assert.deepEqual(
        results.files[0].diagnostics.map((d) => d.code),
        ['duplicate-answers-name', 'duplicate-answers-name'],
      );
    }
  } finally {
    await thread.close();
  }
});

test('after the last course the thread answers, then stops by itself', async () => {
  const root = twoQuestionCourse();
  const thread = new QuestionFileThread(PL_CHECK);
  try {
    thread.startCourse(root);
    thread.addQuestion(path.join(root, 'questions/q'));
    const results = await thread.endCourse(true);
    assert.equal(results.found, 1);
    // Gone: a further course is refused rather than waited for.
    thread.startCourse(root);
    await assert.rejects(thread.endCourse(), /stopped \(exit code 0\)/);
  } finally {
    await thread.close();
  }
});

test('a thread that fails or stops gives an error, never a wait without end', async () => {
  const dir = temporaryFolder('pl-thread-');
  const scripts = {
    missing: path.join(dir, 'missing.cjs'),
    throws: path.join(dir, 'throws.cjs'),
    exits: path.join(dir, 'exits.cjs'),
    // Stops without a word when asked for the results.
    quits: path.join(dir, 'quits.cjs'),
  };
  fs.writeFileSync(scripts.throws, "require('node:worker_threads').parentPort.on('message', () => { throw new Error('broken checker'); });\n");
  fs.writeFileSync(scripts.exits, 'process.exit(3);\n');
  fs.writeFileSync(scripts.quits, "require('node:worker_threads').parentPort.on('message', (m) => { if (m.type === 'end') process.exit(0); });\n");
  for (const [name, script] of Object.entries(scripts)) {
    const thread = new QuestionFileThread(script);
    try {
      thread.startCourse(dir);
      thread.addQuestion(dir);
      await assert.rejects(thread.endCourse(name === 'quits'), Error, name);
      // Once failed, it stays failed.
      await assert.rejects(thread.endCourse(), Error, name);
    } finally {
      await thread.close();
    }
  }
  await assert.rejects(
    (async () => {
      const thread = new QuestionFileThread(scripts.throws);
      thread.startCourse(dir);
      try {
        await thread.endCourse();
      } finally {
        await thread.close();
      }
    })(),
    /broken checker/,
  );
});
