import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';
import { isValidOrcid } from '../../../../server/lib/course/rules/questionAuthors';

let count = 0;
const question = (authors: object[]) => ({
  uuid: `33333333-3333-4333-8333-${String(++count).padStart(12, '0')}`,
  type: 'v3',
  title: 'Q',
  topic: 'Basics',
  authors,
});
// Lines: 6 "authors": [, 7 "{" of author 0, 8 its first key...

test('an author with neither email, orcid nor originCourse is an error at its name', () => {
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': question([{ name: 'Ada Lovelace' }]) }), 'author-identity-missing');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, 8);
  assert.equal(found[0].text, '"Ada Lovelace"');
  assert.equal(found[0].message, 'At least one of "email", "orcid", or "originCourse" is required for each author.');
});

test('an ORCID iD with a wrong check digit is an error', () => {
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': question([{ orcid: '1111-1111-1111-1111' }]) }), 'author-orcid-checksum');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, 8);
  assert.equal(found[0].text, '"1111-1111-1111-1111"');
  assert.match(found[0].message, /^The author ORCID identifier "1111-1111-1111-1111" has an invalid checksum\./);
});

test('ORCID check digits follow ISO 7064 MOD 11-2, including X', () => {
  assert.equal(isValidOrcid('0000-0002-1825-0097'), true);
  assert.equal(isValidOrcid('0000-0002-1694-233X'), true);
  assert.equal(isValidOrcid('0000-0002-1694-2330'), false);
  assert.equal(isValidOrcid('0000-0002-1825-0098'), false);
});

test('an invalid email address is an error', () => {
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': question([{ email: 'noemail' }]) }), 'author-email-invalid');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].text, '"noemail"');
  assert.equal(found[0].message, 'The author email address "noemail" is invalid.');
});

test('a name of fewer than 3 characters once trimmed is an error, though the schema accepts it', () => {
  const diagnostics = checkCourseFiles({ 'questions/q1/info.json': question([{ name: ' Al  ', email: 'al@example.com' }]) });
  assert.deepEqual(withCode(diagnostics, 'schema-violation'), []);
  const found = withCode(diagnostics, 'author-name-too-short');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, 8);
  assert.equal(found[0].text, '" Al  "');
});

test('each bad author is reported at its own place', () => {
  const diagnostics = checkCourseFiles({
    'questions/q1/info.json': question([{ name: 'Good Author', email: 'good@example.com' }, { name: 'No Contact' }]),
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.line]),
    [['author-identity-missing', 12]],
  );
});

test('well-formed authors give nothing', () => {
  const diagnostics = checkCourseFiles({
    'questions/q1/info.json': question([
      { name: 'Ada Lovelace', email: 'ada.lovelace+pl@example.co.uk' },
      { name: 'Josiah Carberry', orcid: '0000-0002-1825-0097' },
      { orcid: '0000-0002-1694-233X' },
      { originCourse: 'TST 102' },
    ]),
  });
  assert.deepEqual(diagnostics, []);
});
