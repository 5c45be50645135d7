import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { checkCourseInstance, courseInstance, lineOf } from './accessControlCourse';

test('"allowIssueReporting": true is a warning that it is no longer needed', () => {
  const ci = courseInstance({ allowIssueReporting: true });
  const [d] = withCode(checkCourseInstance(ci), 'ci-allow-issue-reporting-unneeded');
  assert.equal(d.severity, 'warning');
  assert.equal(d.text, '"allowIssueReporting"');
  assert.equal(d.line, lineOf(ci, 'allowIssueReporting'));
  assert.match(d.message, /^"allowIssueReporting" is no longer needed\./);
});

test('"allowIssueReporting": false is an error pointing to infoAssessment.json', () => {
  const ci = courseInstance({ allowIssueReporting: false });
  const found = checkCourseInstance(ci);
  const [d] = withCode(found, 'ci-allow-issue-reporting-not-permitted');
  assert.equal(d.severity, 'error');
  assert.equal(d.line, lineOf(ci, 'allowIssueReporting'));
  assert.match(d.message, /no longer permitted in "infoCourseInstance.json"\. Instead, set "allowIssueReporting" in "infoAssessment.json" files\./);
  assert.deepEqual(withCode(found, 'ci-allow-issue-reporting-unneeded'), []);
});

test('no "allowIssueReporting" gives nothing', () => {
  const found = checkCourseInstance(courseInstance());
  assert.deepEqual(found.filter((d) => d.code.startsWith('ci-allow-issue-reporting')), []);
});
