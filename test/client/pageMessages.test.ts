// What a preview page may ask: each message is checked against the messages its panel takes, with its
// fields' shapes and sizes; openFile reaches only files inside the course, workspace or runtime roots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkPageMessage, fileInside, MAX_FIELDS, QUESTION_MESSAGES, SUBMISSION_MESSAGES } from '../../client/src/questionPreview/pageMessages';

const ok = (m: unknown, allowed = QUESTION_MESSAGES) => {
  const c = checkPageMessage(m, allowed);
  assert.ok(c.ok, JSON.stringify(c));
  return c.message;
};
const refused = (m: unknown, allowed = QUESTION_MESSAGES) => {
  const c = checkPageMessage(m, allowed);
  assert.ok(!c.ok, `accepted ${JSON.stringify(m)?.slice(0, 200)}`);
  return c.reason;
};

test('the messages the page script posts are taken as they are', () => {
  assert.deepEqual(ok({ type: 'submit', action: 'grade', raw: { x: '1', c: ['a', 'b'] } }), { type: 'submit', action: 'grade', raw: { x: '1', c: ['a', 'b'] } });
  assert.deepEqual(ok({ type: 'typed', raw: {} }), { type: 'typed', raw: {} });
  assert.deepEqual(ok({ type: 'newVariant' }), { type: 'newVariant' });
  assert.deepEqual(ok({ type: 'newVariant', seed: 'pl2026' }), { type: 'newVariant', seed: 'pl2026' });
  assert.deepEqual(ok({ type: 'newVariant', seed: '' }), { type: 'newVariant' });
  assert.deepEqual(ok({ type: 'createPython' }), { type: 'createPython' });
  assert.deepEqual(ok({ type: 'openFile', file: '/c/questions/q/server.py', line: 7 }), { type: 'openFile', file: '/c/questions/q/server.py', line: 7 });
  assert.deepEqual(ok({ type: 'openFile', file: '/c/x.py' }), { type: 'openFile', file: '/c/x.py', line: 1 });
  assert.deepEqual(ok({ type: 'rawJson' }, SUBMISSION_MESSAGES), { type: 'rawJson' });
});

test('unknown, malformed and out-of-place messages are refused with a reason', () => {
  for (const m of [null, undefined, 'submit', 42, [], { type: 7 }, {}]) assert.match(refused(m), /not a message/);
  assert.match(refused({ type: 'eval', code: 'x' }), /"eval" is not taken/);
  assert.match(refused({ type: '__proto__' }), /not taken/);
  assert.match(refused({ type: 'submit', action: 'delete', raw: {} }), /action/);
  assert.match(refused({ type: 'submit', action: 'grade', raw: 'x=1' }), /raw/);
  assert.match(refused({ type: 'submit', action: 'grade', raw: { x: 1 } }), /not text/);
  assert.match(refused({ type: 'submit', action: 'grade', raw: { x: ['a', { b: 1 }] } }), /not text/);
  assert.match(refused({ type: 'typed', raw: [] }), /raw/);
  assert.match(refused({ type: 'typed', raw: Object.fromEntries(Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`f${i}`, ''])) }), /more than/);
  assert.match(refused({ type: 'typed', raw: { a: 'x'.repeat(30_000_000), b: 'y'.repeat(30_000_000) } }), /longer than/);
  assert.match(refused({ type: 'newVariant', seed: 12 }), /seed/);
  assert.match(refused({ type: 'newVariant', seed: 'x'.repeat(65) }), /seed/);
  assert.match(refused({ type: 'openFile', file: 'relative/server.py', line: 1 }), /absolute/);
  assert.match(refused({ type: 'openFile', file: '/etc/passwd\0.py', line: 1 }), /not a path/);
  assert.match(refused({ type: 'openFile', file: ['/etc/passwd'], line: 1 }), /not a path/);
  for (const line of [0, -1, 1.5, '3', Number.NaN, Infinity]) assert.match(refused({ type: 'openFile', file: '/c/x.py', line }), /line/);
  // A submission preview shows a student's work: nothing to submit, type or re-generate there.
  for (const m of [{ type: 'submit', action: 'grade', raw: {} }, { type: 'typed', raw: {} }, { type: 'newVariant' }]) assert.match(refused(m, SUBMISSION_MESSAGES), /not taken/);
  assert.match(refused({ type: 'rawJson' }), /not taken/);
});

test('openFile reaches files inside the roots only, links followed', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-open-file-'));
  try {
    const course = path.join(base, 'course');
    const outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(course, 'questions', 'q'), { recursive: true });
    fs.mkdirSync(outside);
    const server = path.join(course, 'questions', 'q', 'server.py');
    fs.writeFileSync(server, 'def generate(data): pass\n');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'x');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(course, 'link.txt'));
    fs.writeFileSync(path.join(base, 'course-evil.txt'), 'x');
    const roots = [course];
    assert.equal(fileInside(server, roots), fs.realpathSync(server));
    assert.equal(fileInside(path.join(course, 'questions', '..', 'questions', 'q', 'server.py'), roots), fs.realpathSync(server));
    assert.equal(fileInside(path.join(course, '..', 'outside', 'secret.txt'), roots), undefined, 'climbs out');
    assert.equal(fileInside(path.join(course, 'link.txt'), roots), undefined, 'a link out of the course');
    assert.equal(fileInside(path.join(base, 'course-evil.txt'), roots), undefined, 'a sibling whose name starts like the root');
    assert.equal(fileInside(path.join(course, 'questions'), roots), undefined, 'a folder');
    assert.equal(fileInside(path.join(course, 'missing.py'), roots), undefined);
    assert.equal(fileInside('/etc/passwd', roots), undefined);
    assert.equal(fileInside(path.join(outside, 'secret.txt'), [course, outside]), fs.realpathSync(path.join(outside, 'secret.txt')), 'any of the roots');
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
