// The helper pool: calls queue for a free helper, a stuck call does not hold up the others for
// long, and a disposed runtime refuses work.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { QuestionRuntime } from '../../../server/lib/runtime';

const COURSE = path.join(__dirname, 'fixtures/course');

test('one helper serves concurrent calls for different questions in turn, each with its own result', async () => {
  const runtime = new QuestionRuntime({ poolSize: 1, timeoutMs: 3000 });
  try {
    const qids = ['seeded', 'custom', 'dynamic', 'fresh', 'crash', 'seeded'];
    const variants = await Promise.all(qids.map((qid) => runtime.createVariant(COURSE, qid, 'p1')));
    assert.deepEqual(
      variants.map((v) => v.broken),
      [false, false, false, false, true, false],
    );
    assert.deepEqual(variants[0].params, variants[5].params);
    assert.deepEqual(variants[2].params, { k: 42 });
    assert.equal((await runtime.helperPids()).length, 1);
  } finally {
    await runtime.dispose();
  }
  await assert.rejects(runtime.createVariant(COURSE, 'seeded'), /disposed|stopped|Python/);
});

test('two helpers: a hanging question times out while the other helper keeps answering', async () => {
  const runtime = new QuestionRuntime({ poolSize: 2, timeoutMs: 1500 });
  try {
    const hang = runtime.createVariant(COURSE, 'hang', '1');
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await runtime.createVariant(COURSE, 'seeded', String(i)));
    assert.ok(others.every((v) => !v.broken));
    assert.match((await hang).issues[0].message, /timeout exceeded/);
  } finally {
    await runtime.dispose();
  }
});

test("the helper keeps course libraries' caches in a scratch folder of its own and removes it when it ends", async () => {
  // pint writes its unit cache per process; PrairieLearn's /tmp/pint_<pid> would stay behind after
  // every worker on an author's machine.
  const tmp = os.tmpdir();
  const runtime = new QuestionRuntime({ poolSize: 1, timeoutMs: 10000 });
  let pid = 0;
  try {
    const course = path.join(__dirname, 'fixtures/trustCourse');
    const variant = await runtime.createVariant(course, 'allInputs', '1');
    assert.equal(variant.broken, false);
    await runtime.test(course, 'allInputs', '1');
    [pid] = await runtime.helperPids();
    const own = fs.readdirSync(tmp).filter((name) => name.startsWith(`pl-helper-${pid}-`));
    assert.equal(own.length, 1, 'one scratch folder for the helper');
    assert.ok(fs.existsSync(path.join(tmp, own[0], 'pint')), "pint's cache is in it");
  } finally {
    await runtime.dispose();
  }
  assert.deepEqual(
    fs.readdirSync(tmp).filter((name) => name.startsWith(`pl-helper-${pid}-`)),
    [],
  );
});
