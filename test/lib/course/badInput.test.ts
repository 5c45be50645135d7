import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BASE_COURSE, checkCourseFiles, checkFolder, withCode, writeCourse } from '../../helpers/course';
import { loadCourse } from '../../../server/lib/course/course';
import { newCourseChecker } from '../../../server/lib/questionHtml/courseChecks';

const UUID = '5b5d8a5e-1c0e-4a57-9c3b-2f1d7e6a9b10';
const QUESTION = { uuid: UUID, title: 'Q', topic: 'Basics', type: 'v3' };

test('malformed JSON: a syntax error where it is, and the UUID still found', () => {
  const found = checkCourseFiles({
    'questions/q/info.json': `{\n  "uuid": "${UUID}",\n  "title": "Q",,\n  "topic": "Basics"\n}\n`,
  });
  const syntax = withCode(found, 'json-syntax');
  assert.ok(syntax.length >= 1);
  assert.equal(syntax[0].line, 3);
  assert.equal(syntax[0].text, ',');
  assert.equal(withCode(found, 'uuid-missing').length, 0, 'the one UUID in the text is recorded');
});

test('empty files: infoCourse.json and info.json each get a syntax error; info.json also lacks a UUID', () => {
  const found = checkFolder(writeCourse({ 'infoCourse.json': '', 'questions/q/info.json': '' }));
  assert.deepEqual(
    found.map((d) => `${d.relPath} ${d.code}`).sort(),
    ['infoCourse.json json-syntax', 'questions/q/info.json json-syntax', 'questions/q/info.json uuid-missing'],
  );
  for (const d of found) assert.equal(d.range.start, 0);
});

test('whitespace-only and "null" files do not crash the rules', () => {
  const found = checkCourseFiles({
    'questions/blank/info.json': ' \n\t\n',
    'questions/null/info.json': 'null',
    'questions/array/info.json': '[]',
    'questions/string/info.json': '"just a string"',
  });
  for (const qid of ['blank', 'null', 'array', 'string']) {
    const mine = found.filter((d) => d.relPath === `questions/${qid}/info.json`);
    assert.ok(mine.some((d) => d.severity === 'error'), `${qid}: ${JSON.stringify(mine)}`);
  }
  // PrairieLearn's own wording for each: `null` fails its UUID lookup like an unparsable file.
  const messages = (qid: string) => found.filter((d) => d.relPath === `questions/${qid}/info.json`).map((d) => d.message);
  assert.deepEqual(messages('null'), ['UUID not found in file. Add a "uuid" property with a new UUID.']);
  assert.deepEqual(messages('array'), ['UUID is missing. Add a "uuid" property with a new UUID.']);
});

test('only the first syntax error of a file is reported, as PrairieLearn reports one', () => {
  const found = checkCourseFiles({
    'questions/quote/info.json': `{\n  "uuid": "${UUID}",\n  "title": 'Q',\n  "topic": "Basics"\n}\n`,
    'questions/comma/info.json': `{\n  "uuid": "${UUID.replace('5b', '6b')}",\n  "title": "Q",\n}\n`,
  });
  const syntax = withCode(found, 'json-syntax').map((d) => [d.relPath, d.line, d.message]);
  assert.deepEqual(syntax, [
    ['questions/comma/info.json', 4, 'Error parsing JSON: Property name expected.'],
    ['questions/quote/info.json', 3, 'Error parsing JSON: Invalid symbol.'],
  ]);
});

test('a byte order mark is a syntax error at the start, as PrairieLearn cannot parse it; the UUID is still found', () => {
  const body = JSON.stringify({ ...QUESTION, title: 7 }, null, 2);
  const found = checkCourseFiles({ 'questions/q/info.json': '\ufeff' + body });
  const syntax = withCode(found, 'json-syntax');
  assert.deepEqual(syntax.map((d) => [d.line, d.message]), [[1, 'Error parsing JSON: Byte order mark (BOM) at the start of the file, which PrairieLearn cannot parse; save the file as UTF-8 without BOM.']]);
  assert.equal(withCode(found, 'schema-violation').length, 0, 'an unparsable file gets no schema check');
  assert.equal(withCode(found, 'uuid-missing').length, 0, 'its UUID is read from the text, as PrairieLearn does');
});

test('CRLF line endings: lines and covered text are still right', () => {
  const crlf = (s: string) => s.replace(/\n/g, '\r\n');
  const found = checkCourseFiles({
    'questions/schema/info.json': crlf(JSON.stringify({ ...QUESTION, title: 7 }, null, 2)),
    'questions/syntax/info.json': crlf(`{\n  "uuid": "${'a'.repeat(8)}-1c0e-4a57-9c3b-2f1d7e6a9b10",\n  "title": "Q"\n  "topic": "Basics"\n}`),
  });
  const schema = found.find((d) => d.relPath === 'questions/schema/info.json' && d.code === 'schema-violation');
  assert.equal(schema?.line, 3);
  assert.equal(schema?.text, '7');
  const syntax = found.find((d) => d.relPath === 'questions/syntax/info.json' && d.code === 'json-syntax');
  assert.equal(syntax?.line, 4);
  assert.equal(syntax?.text, '"topic"');

  // The offsets become the same line and column an editor shows.
  const root = writeCourse({ ...BASE_COURSE, 'questions/q/info.json': crlf(JSON.stringify({ ...QUESTION, title: 7 }, null, 2)) });
  const course = loadCourse(root);
  const [d] = newCourseChecker().check(course, { reportSyntaxErrors: true });
  const file = course.questions.get('q')!.file!;
  assert.deepEqual(file.positionAt(d.range.start), { line: 2, character: 11 });
  assert.deepEqual(file.positionAt(d.range.end), { line: 2, character: 12 });
});

test('binary content gives a syntax error, not a crash', () => {
  const root = writeCourse({ ...BASE_COURSE });
  const bytes = Buffer.alloc(4096);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
  fs.mkdirSync(path.join(root, 'questions/bin'), { recursive: true });
  fs.writeFileSync(path.join(root, 'questions/bin/info.json'), bytes);
  fs.mkdirSync(path.join(root, 'courseInstances/ci'), { recursive: true });
  fs.writeFileSync(path.join(root, 'courseInstances/ci/infoCourseInstance.json'), Buffer.from([0, 0, 0xff, 0xfe, 0x7b]));
  const found = checkFolder(root);
  assert.ok(withCode(found, 'json-syntax').some((d) => d.relPath === 'questions/bin/info.json'));
  assert.ok(withCode(found, 'json-syntax').some((d) => d.relPath === 'courseInstances/ci/infoCourseInstance.json'));
});

test('a 5 MB file is checked, valid or not (its speed is the bench\'s business)', () => {
  // "comment" is free-form and ignored by PrairieLearn, so only size and parsing matter here.
  const comment = Array.from({ length: 75_000 }, (_, i) => ({ step: i, note: `note ${i.toString(36).padStart(12, '0')}` }));
  const big = JSON.stringify({ ...QUESTION, comment }, null, 2);
  assert.ok(big.length > 5_000_000, `${big.length}`);
  const broken = big.slice(0, -2) + ',\n}';
  const found = checkCourseFiles({ 'questions/big/info.json': big, 'questions/bigBroken/info.json': broken.replace(UUID, UUID.replace('5b', '6b')) });
  assert.equal(found.filter((d) => d.relPath === 'questions/big/info.json' && d.severity === 'error').length, 0);
  const syntax = found.filter((d) => d.relPath === 'questions/bigBroken/info.json' && d.code === 'json-syntax');
  assert.ok(syntax.length >= 1);
  assert.equal(syntax[0].line, broken.split('\n').length, 'the trailing comma is reported at the closing brace');
});

test('a folder named info.json is an EISDIR read error', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/q/info.json/README.md': 'not a file' });
  const found = checkFolder(root);
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0].code, 'read-error');
  assert.equal(found[0].relPath, 'questions/q/info.json');
  assert.match(found[0].message, /^Error reading JSON file questions\/q\/info\.json: EISDIR/);
});

test('a symlink loop is an ELOOP read error, for infoCourse.json and for info.json', () => {
  const root = writeCourse({ 'questions/q/README.md': 'x' });
  fs.symlinkSync('infoCourse.json', path.join(root, 'infoCourse.json'));
  fs.symlinkSync('info.json', path.join(root, 'questions/q/info.json'));
  const found = checkFolder(root);
  assert.deepEqual(
    found.map((d) => `${d.relPath} ${d.code} ${d.message}`),
    [
      'infoCourse.json read-error Error reading JSON file infoCourse.json: ELOOP',
      'questions/q/info.json read-error Error reading JSON file questions/q/info.json: ELOOP',
    ],
  );
});

test('a folder symlinked into itself is reported once and not walked', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/q/info.json': QUESTION });
  fs.symlinkSync('.', path.join(root, 'questions/self'));
  const course = loadCourse(root);
  assert.deepEqual([...course.questions.keys()], ['q']);
  const diagnostics = newCourseChecker().check(course, { reportSyntaxErrors: true });
  const loop = diagnostics.filter((d) => d.code === 'read-error');
  assert.equal(loop.length, 1);
  assert.equal(loop[0].file, path.join(root, 'questions/self'));
  assert.match(loop[0].message, /^Folder questions\/self is a link to a folder that holds it, so it is not followed/);
});

// Unreadable files and folders: test/apps/plCheck/plCheck.test.ts, which runs the checker as a user that permissions stop.

test('a file with 150,000 problems is reported in full, without overflowing the stack', () => {
  // Each tag that is a number, not a string, is a schema violation of its own.
  const root = writeCourse({ ...BASE_COURSE, 'questions/q/info.json': JSON.stringify({ ...QUESTION, tags: new Array(150_000).fill(1) }) });
  const diagnostics = newCourseChecker().check(loadCourse(root), { reportSyntaxErrors: true });
  assert.equal(diagnostics.filter((d) => d.code === 'schema-violation').length, 150_000);
});
