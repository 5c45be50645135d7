import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ASSESSMENT_PATH, checkAssessment, homework, lineOf, withCode } from './assessmentFixtures';

const CODE = 'groups-with-legacy-group-properties';

test('"groups" with legacy group properties is one error on "groups", naming them', () => {
  const assessment = homework({ groupWork: true, groupMaxSize: 3, groups: { maxMembers: 3 } });
  const found = withCode(checkAssessment(assessment), CODE);
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].relPath, ASSESSMENT_PATH);
  assert.equal(found[0].line, lineOf(assessment, '"groups"'));
  assert.equal(found[0].text, '"groups"');
  assert.match(found[0].message, /^Cannot use both "groups" and legacy group properties \("groupWork", "groupMaxSize"\) in the same assessment\./);
  assert.equal(found[0].related?.length, 2);
});

test('"groups" alone, or legacy properties alone, give nothing', () => {
  assert.deepEqual(withCode(checkAssessment(homework({ groups: { maxMembers: 3 } })), CODE), []);
  assert.deepEqual(withCode(checkAssessment(homework({ groupWork: true, groupMaxSize: 3 })), CODE), []);
});
