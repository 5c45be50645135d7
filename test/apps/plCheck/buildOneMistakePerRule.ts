// Writes the fixture course test/apps/plCheck/fixtures/one-mistake-per-rule/ (one mistake per diagnostic
// code) and its expectations (file, line, code), then prints how the checker's findings differ.
// After adding a rule, add its mistake below and run: node --import tsx test/apps/plCheck/buildOneMistakePerRule.ts
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadCourse } from '../../../server/lib/course/course';
import { newCourseChecker } from '../../../server/lib/questionHtml/courseChecks';
import { allCodes } from '../../../server/lib/questionHtml/courseChecks';
import { computeLineStarts } from '../../../server/lib/course/jsonFile';

const ROOT = path.join(__dirname, 'fixtures/one-mistake-per-rule');
const NOW = new Date('2026-06-01T12:00:00Z');
let n = 0;
const uuid = () => `3f2a0c1e-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
type Files = Record<string, object | string>;
type Expect = [code: string, file: string, needle: string, nth?: number, delta?: number];
const files: Files = {};
const expects: Expect[] = [];
const add = (f: Files, ...e: Expect[]) => {
  Object.assign(files, f);
  expects.push(...e);
};

// ---------- the course ----------
const infoCourse = {
  uuid: uuid(),
  name: 'FIX 101',
  title: 'One mistake per rule',
  options: { devModeFeatures: { 'no-such-feature': true } },
  topics: [{ name: 'Basics', color: 'blue1', description: 'Basics.' }],
  tags: [
    { name: 'easy', color: 'green1', description: 'Easy.' },
    { name: 'easy', color: 'green2', description: 'Declared twice.' },
  ],
  assessmentSets: [
    { abbreviation: 'HW', name: 'Homework', heading: 'Homework', color: 'green1' },
    { abbreviation: 'E', name: 'Exam', heading: 'Exams', color: 'red1' },
  ],
  assessmentModules: [{ name: 'Default', heading: 'Default' }],
  sharingSets: [{ name: 'shared-set', description: 'A sharing set.' }],
};
add(
  { 'infoCourse.json': infoCourse },
  ['unknown-dev-mode-feature', 'infoCourse.json', '"no-such-feature"'],
  ['duplicate-info-course-name', 'infoCourse.json', '"easy"', 1],
  ['duplicate-info-course-name', 'infoCourse.json', '"easy"', 2],
);

const q = (extra: object = {}) => ({ uuid: uuid(), title: 'Question', topic: 'Basics', tags: ['easy'], type: 'v3', ...extra });
const QF = (qid: string) => `questions/${qid}/info.json`;
for (const s of ['a', 'b', 'c', 'd', 'e', 'f']) files[QF(`shared/${s}`)] = q();
files[QF('shared/public')] = q({ sharePublicly: true });

// ---------- pipeline ----------
add({ 'questions/pipeline/readError/info.json/README.md': 'A folder named info.json cannot be read as a file.\n' }, ['read-error', 'questions/pipeline/readError/info.json', '']);
add({ [QF('pipeline/jsonSyntax')]: `{\n  "uuid": "${uuid()}",\n  "title": "Missing comma"\n  "topic": "Basics",\n  "type": "v3"\n}\n` }, ['json-syntax', QF('pipeline/jsonSyntax'), '"topic"']);
add({ 'questions/pipeline/missingInfoFile/README.md': 'This folder has no info.json.\n' }, ['missing-info-file', 'questions/pipeline/missingInfoFile', '']);
add({ [QF('pipeline/uuidMissing')]: { title: 'No UUID', topic: 'Basics', type: 'v3' } }, ['uuid-missing', QF('pipeline/uuidMissing'), '{']);
add(
  { [QF('pipeline/uuidMultiple')]: `{\n  "uuid": "${uuid()}",\n  "title": "Two UUIDs and bad JSON"\n  "uuid": "${uuid()}"\n}\n` },
  ['json-syntax', QF('pipeline/uuidMultiple'), '"uuid"', 2],
  ['uuid-multiple', QF('pipeline/uuidMultiple'), '"uuid"', 2],
);
add({ [QF('pipeline/uuidInvalid')]: q({ uuid: 'not-a-uuid' }) }, ['uuid-invalid', QF('pipeline/uuidInvalid'), '"not-a-uuid"']);
add({ [QF('pipeline/schemaViolation')]: q({ title: 42 }) }, ['schema-violation', QF('pipeline/schemaViolation'), '42']);

// ---------- questions ----------
add({ [QF('question/optionsOnV3')]: q({ options: { x: 1 } }) }, ['options-on-v3-question', QF('question/optionsOnV3'), '"options"']);
add({ [QF('question/invalidOptions')]: q({ type: 'MultipleChoice', options: {} }) }, ['invalid-question-options', QF('question/invalidOptions'), '"options"'], ['invalid-question-options', QF('question/invalidOptions'), '"options"'], ['invalid-question-options', QF('question/invalidOptions'), '"options"']);
add({ [QF('question/externalGrading')]: q({ gradingMethod: 'External' }) }, ['external-grading-options-missing', QF('question/externalGrading'), '"gradingMethod"']);
add({ [QF('question/prefDefaultType')]: q({ preferences: { size: { type: 'number', default: 'big' } } }) }, ['preference-default-type', QF('question/prefDefaultType'), '"big"']);
add(
  { [QF('question/prefNotFinite')]: JSON.stringify(q({ preferences: { n: { type: 'number', default: 12345 } } }), null, 2).replace('12345', '1e999') + '\n' },
  ['preference-not-finite', QF('question/prefNotFinite'), '1e999'],
);
add({ [QF('question/prefBooleanEnum')]: q({ preferences: { flag: { type: 'boolean', default: true, enum: ['yes'] } } }) }, ['preference-boolean-enum', QF('question/prefBooleanEnum'), '"enum"']);
add({ [QF('question/prefEnumType')]: q({ preferences: { color: { type: 'string', default: 'red', enum: ['red', 42] } } }) }, ['preference-enum-type', QF('question/prefEnumType'), '42']);
add({ [QF('question/prefNotInEnum')]: q({ preferences: { color: { type: 'string', default: 'pink', enum: ['red', 'blue'] } } }) }, ['preference-default-not-in-enum', QF('question/prefNotInEnum'), '"pink"']);
add({ [QF('question/authorShortName')]: q({ authors: [{ name: ' Al ', email: 'al@example.com' }] }) }, ['author-name-too-short', QF('question/authorShortName'), '" Al "']);
add({ [QF('question/authorNoIdentity')]: q({ authors: [{ name: 'Ada Lovelace' }] }) }, ['author-identity-missing', QF('question/authorNoIdentity'), '"Ada Lovelace"']);
add({ [QF('question/authorOrcid')]: q({ authors: [{ name: 'Ada Lovelace', orcid: '0000-0002-1825-0098' }] }) }, ['author-orcid-checksum', QF('question/authorOrcid'), '"0000-0002-1825-0098"']);
add({ [QF('question/authorEmail')]: q({ authors: [{ name: 'Ada Lovelace', email: 'ada at example' }] }) }, ['author-email-invalid', QF('question/authorEmail'), '"ada at example"']);
add({ [QF('@atSign')]: q() }, ['qid-starts-with-at', QF('@atSign'), '{']);
const dupUuid = uuid();
add(
  { [QF('question/duplicateUuid1')]: q({ uuid: dupUuid }), [QF('question/duplicateUuid2')]: q({ uuid: dupUuid }) },
  ['duplicate-uuid', QF('question/duplicateUuid1'), dupUuid],
  ['duplicate-uuid', QF('question/duplicateUuid2'), dupUuid],
);
add({ [QF('question/undeclaredSharingSet')]: q({ sharingSets: ['no-such-set'] }) }, ['undeclared-sharing-set', QF('question/undeclaredSharingSet'), '"no-such-set"']);
add({ [QF('__drafts__/inSharingSet')]: q({ sharingSets: ['shared-set'] }) }, ['draft-question-in-sharing-set', QF('__drafts__/inSharingSet'), '"sharingSets"']);
add({ [QF('__drafts__/sharedPublicly')]: q({ sharePublicly: true }) }, ['draft-question-shared-publicly', QF('__drafts__/sharedPublicly'), '"sharePublicly"']);
files[QF('__drafts__/plain')] = q();
add({ [QF('question/undeclaredTopic')]: q({ topic: 'Nowhere' }) }, ['undeclared-topic', QF('question/undeclaredTopic'), '"Nowhere"']);
add({ [QF('question/undeclaredTag')]: q({ tags: ['easy', 'brandNew'] }) }, ['undeclared-tag', QF('question/undeclaredTag'), '"brandNew"']);
add({ [QF('question/missingDependency')]: q({ dependencies: { clientFilesQuestionScripts: ['missing.js'] } }) }, ['missing-dependency-file', QF('question/missingDependency'), '"missing.js"']);
add({ [QF('question/nodeModules')]: q({ dependencies: { nodeModulesScripts: ['lodash/lodash.min.js'] } }) }, ['node-modules-dependency', QF('question/nodeModules'), '"lodash/lodash.min.js"']);

// ---------- course instances ----------
const published = { publishing: { startDate: '2026-01-01T00:00:00', endDate: '2026-12-31T23:59:59' } };
const ci = (extra: object = {}) => ({ uuid: uuid(), longName: 'Course instance', ...published, ...extra });
const CF = (id: string) => `courseInstances/${id}/infoCourseInstance.json`;
const allowAccess = [{ startDate: '2026-01-01T00:00:00', endDate: '2026-12-31T23:59:59' }];
const noPublishing = (extra: object) => ({ uuid: uuid(), longName: 'Course instance', ...extra });
add({ [CF('ci/issueReportingTrue')]: ci({ allowIssueReporting: true }) }, ['ci-allow-issue-reporting-unneeded', CF('ci/issueReportingTrue'), '"allowIssueReporting"']);
add({ [CF('ci/issueReportingFalse')]: ci({ allowIssueReporting: false }) }, ['ci-allow-issue-reporting-not-permitted', CF('ci/issueReportingFalse'), '"allowIssueReporting"']);
add({ [CF('ci/selfEnrollmentAllowAccess')]: noPublishing({ allowAccess, selfEnrollment: { enabled: false } }) }, ['ci-self-enrollment-with-allow-access', CF('ci/selfEnrollmentAllowAccess'), '"enabled"']);
add({ [CF('ci/selfEnrollmentDate')]: ci({ selfEnrollment: { enabled: true, beforeDate: '2026-13-01T00:00:00' } }) }, ['ci-self-enrollment-invalid-date', CF('ci/selfEnrollmentDate'), '"2026-13-01T00:00:00"']);
add({ [CF('ci/publishingAllowAccess')]: ci({ allowAccess }) }, ['ci-publishing-with-allow-access', CF('ci/publishingAllowAccess'), '"publishing"']);
add({ [CF('ci/publishingDateMissing')]: noPublishing({ publishing: { startDate: '2026-01-01T00:00:00' } }) }, ['ci-publishing-date-missing', CF('ci/publishingDateMissing'), '"startDate"']);
add({ [CF('ci/publishingInvalidDate')]: noPublishing({ publishing: { startDate: '2026-02-30T00:00:00', endDate: '2026-12-31T23:59:59' } }) }, ['ci-publishing-invalid-date', CF('ci/publishingInvalidDate'), '"2026-02-30T00:00:00"']);
add({ [CF('ci/publishingStartAfterEnd')]: noPublishing({ publishing: { startDate: '2026-12-01T00:00:00', endDate: '2026-01-01T00:00:00' } }) }, ['ci-publishing-start-after-end', CF('ci/publishingStartAfterEnd'), '"2026-12-01T00:00:00"']);
add({ [CF('ci/allowAccessInvalidDate')]: noPublishing({ allowAccess: [{ startDate: '2026-02-30T00:00:00', endDate: '2026-12-31T23:59:59' }] }) }, ['ci-allow-access-invalid-date', CF('ci/allowAccessInvalidDate'), '"2026-02-30T00:00:00"']);
add({ [CF('ci/allowAccessStartAfterEnd')]: noPublishing({ allowAccess: [{ startDate: '2026-12-01T00:00:00', endDate: '2026-01-01T00:00:00' }] }) }, ['ci-allow-access-start-after-end', CF('ci/allowAccessStartAfterEnd'), '"2026-12-01T00:00:00"']);
add({ [CF('ci/allowAccessStaffRole')]: noPublishing({ allowAccess: [{ role: 'TA', startDate: '2026-01-01T00:00:00', endDate: '2026-12-31T23:59:59' }] }) }, ['ci-allow-access-staff-role', CF('ci/allowAccessStaffRole'), '"TA"']);
add({ [CF('ci/allowAccessUids')]: noPublishing({ allowAccess: [{ uids: ['a@example.com,b@example.com'], startDate: '2026-01-01T00:00:00', endDate: '2026-12-31T23:59:59' }] }) }, ['ci-allow-access-uid-format', CF('ci/allowAccessUids'), '"a@example.com,b@example.com"']);
add({ [CF('ci/userRoles')]: ci({ userRoles: { 'ta@example.com': 'TA' } }) }, ['ci-user-roles-deprecated', CF('ci/userRoles'), '"userRoles"']);
add({ [CF('ci/shortName')]: ci({ shortName: 'Fa26' }) }, ['ci-short-name-unused', CF('ci/shortName'), '"shortName"']);
add({ [CF('ci/hideInEnrollPage')]: ci({ hideInEnrollPage: true }) }, ['ci-hide-in-enroll-page-deprecated', CF('ci/hideInEnrollPage'), '"hideInEnrollPage"']);
const labelUuid = uuid();
add({ [CF('ci/labelNames')]: ci({ studentLabels: [{ uuid: uuid(), name: 'A', color: 'blue1' }, { uuid: uuid(), name: 'A', color: 'red1' }] }) }, ['ci-student-label-duplicate-name', CF('ci/labelNames'), '"A"']);
add({ [CF('ci/labelUuids')]: ci({ studentLabels: [{ uuid: labelUuid, name: 'A', color: 'blue1' }, { uuid: labelUuid, name: 'B', color: 'green1' }] }) }, ['ci-student-label-duplicate-uuid', CF('ci/labelUuids'), labelUuid, 2]);
// A publicly shared course instance with an assessment that is not shared.
add(
  {
    [CF('ci/sharedPublicly')]: ci({ shareSourcePublicly: true }),
    'courseInstances/ci/sharedPublicly/assessments/notShared/infoAssessment.json': { uuid: uuid(), type: 'Homework', title: 'Not shared', set: 'Homework', number: '1', zones: [{ questions: [{ id: 'shared/a', points: 1 }] }] },
  },
  ['ci-shared-with-unshared-assessments', CF('ci/sharedPublicly'), '"shareSourcePublicly"'],
);

// ---------- assessments (in one active course instance) ----------
files[CF('Sp26')] = ci({ studentLabels: [{ uuid: uuid(), name: 'A', color: 'blue1' }, { uuid: uuid(), name: 'B', color: 'red1' }] });
let number = 0;
const hw = (extra: object = {}) => ({ uuid: uuid(), type: 'Homework', title: 'Homework', set: 'Homework', number: String(++number), zones: [{ questions: [{ id: 'shared/a', points: 1 }] }], ...extra });
const ex = (extra: object = {}) => hw({ type: 'Exam', title: 'Exam', set: 'Exam', zones: [{ questions: [{ id: 'shared/a', points: [3, 1] }] }], ...extra });
const AF = (tid: string) => `courseInstances/Sp26/assessments/${tid}/infoAssessment.json`;
const zones = (...questions: object[]) => [{ questions }];
add({ [AF('undeclaredSet')]: hw({ set: 'Mystery' }) }, ['undeclared-assessment-set', AF('undeclaredSet'), '"Mystery"']);
add({ [AF('undeclaredModule')]: hw({ module: 'Nowhere' }) }, ['undeclared-assessment-module', AF('undeclaredModule'), '"Nowhere"']);
// The undeclared names above, once per kind in infoCourse.json.
expects.push(
  ['undeclared-topics', 'infoCourse.json', '"topics"'],
  ['undeclared-tags', 'infoCourse.json', '"tags"'],
  ['undeclared-assessment-sets', 'infoCourse.json', '"assessmentSets"'],
  ['undeclared-assessment-modules', 'infoCourse.json', '"assessmentModules"'],
);
add({ [AF('legacyGroups')]: hw({ groups: { minMembers: 1, maxMembers: 3 }, groupWork: true }) }, ['groups-with-legacy-group-properties', AF('legacyGroups'), '"groups"']);
add({ [AF('homeworkRealTime')]: hw({ allowRealTimeGrading: false }) }, ['homework-real-time-grading-disabled', AF('homeworkRealTime'), '"allowRealTimeGrading"']);
add({ [AF('homeworkMultipleInstance')]: hw({ multipleInstance: true }) }, ['homework-multiple-instance', AF('homeworkMultipleInstance'), '"multipleInstance"']);
add({ [AF('homeworkRequireHonorCode')]: hw({ requireHonorCode: true }) }, ['homework-require-honor-code', AF('homeworkRequireHonorCode'), '"requireHonorCode"']);
add({ [AF('homeworkHonorCode')]: hw({ honorCode: 'I will not cheat.' }) }, ['homework-honor-code', AF('homeworkHonorCode'), '"honorCode"']);
add({ [AF('allowAccessAndAccessControl')]: hw({ allowAccess: [{ credit: 100 }], accessControl: [{}] }) }, ['allow-access-with-access-control', AF('allowAccessAndAccessControl'), '"allowAccess"']);
add({ [AF('inactiveCredit')]: hw({ allowAccess: [{ active: false, credit: 100 }] }) }, ['allow-access-inactive-credit', AF('inactiveCredit'), '"credit"']);
add({ [AF('allowAccessInvalidDate')]: hw({ allowAccess: [{ startDate: '2026-02-30T00:00:00', credit: 100 }] }) }, ['assessment-allow-access-invalid-date', AF('allowAccessInvalidDate'), '"2026-02-30T00:00:00"']);
add({ [AF('allowAccessStartAfterEnd')]: hw({ allowAccess: [{ startDate: '2026-12-01T00:00:00', endDate: '2026-01-01T00:00:00', credit: 100 }] }) }, ['assessment-allow-access-start-after-end', AF('allowAccessStartAfterEnd'), '"2026-12-01T00:00:00"']);
add({ [AF('allowAccessRole')]: hw({ allowAccess: [{ role: 'TA', credit: 100 }] }) }, ['assessment-allow-access-role', AF('allowAccessRole'), '"TA"']);
add({ [AF('allowAccessUidSpace')]: hw({ allowAccess: [{ uids: ['a b@example.com'], credit: 100 }] }) }, ['assessment-allow-access-uid-whitespace', AF('allowAccessUidSpace'), '"a b@example.com"']);
add({ [AF('allowAccessUidComma')]: hw({ allowAccess: [{ uids: ['a@example.com,b@example.com'], credit: 100 }] }) }, ['assessment-allow-access-uid-comma', AF('allowAccessUidComma'), '"a@example.com,b@example.com"']);
add({ [AF('examUuidPublic')]: ex({ allowAccess: [{ mode: 'Public', examUuid: uuid(), credit: 100 }] }) }, ['allow-access-exam-uuid-public', AF('examUuidPublic'), '"examUuid"']);
add({ [AF('examUuidMissing')]: ex({ allowAccess: [{ mode: 'Exam', credit: 100 }] }) }, ['allow-access-exam-uuid-missing', AF('examUuidMissing'), '"mode"']);

// accessControl
const release = { date: '2026-01-10T00:00' };
const ac = (tid: string, accessControl: object[], ...e: [string, string, number?, number?][]) =>
  add({ [AF(tid)]: hw({ accessControl }) }, ...e.map(([code, needle, nth, delta]): Expect => [code, AF(tid), needle, nth, delta]));
const ovr = (i: number, extra: object = {}) => ({ uuid: `7a000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`, ...extra });
ac('acTooMany', [{}, ...Array.from({ length: 101 }, (_, i) => ovr(i, { labels: ['A'] }))], ['access-control-too-many-overrides', ovr(100).uuid, 1, -1]);
ac('acNoDefaults', [{ labels: ['A'] }], ['access-control-no-defaults', '"labels"']);
ac('acOverrideOrder', [{}, ovr(1), ovr(2, { labels: ['A'] })], ['access-control-override-order', '"labels"']);
ac('acDuplicateLabel', [{}, ovr(1, { labels: ['A', 'A'] })], ['access-control-duplicate-label', '"A"', 2]);
ac('acUuidMissing', [{}, { dateControl: { durationMinutes: 60 } }], ['access-control-uuid-missing', '{', 5]);
ac('acUuidOnDefaults', [{ uuid: uuid() }], ['access-control-uuid-on-defaults', '"uuid"', 2]);
ac('acDuplicateUuid', [{}, ovr(1), ovr(1)], ['access-control-duplicate-uuid', ovr(1).uuid, 2]);
ac('acReleaseRequired', [{ dateControl: { durationMinutes: 60 } }], ['access-control-release-required', '"dateControl"']);
ac('acDefaultsOnly', [{}, ovr(1, { beforeRelease: { listed: true } })], ['access-control-defaults-only', '"beforeRelease"']);
const exam1 = '7b000000-0000-4000-8000-000000000001';
ac('acDuplicateExam', [{ integrations: { prairieTest: { exams: [{ examUuid: exam1 }, { examUuid: exam1 }] } } }], ['access-control-duplicate-exam', exam1, 2]);
ac('acExamAfterComplete', [{ integrations: { prairieTest: { exams: [{ examUuid: exam1, afterComplete: { score: { hidden: true } } }] } } }], ['access-control-exam-after-complete', '"hidden"']);
ac('acDuplicateDeadline', [{ dateControl: { release, due: { date: '2026-01-20T00:00' }, lateDeadlines: [{ date: '2026-01-25T00:00', credit: 80 }, { date: '2026-01-25T00:00', credit: 50 }] } }], ['access-control-duplicate-deadline', '2026-01-25T00:00', 2]);
ac('acDateOrder', [{ dateControl: { release, due: { date: '2026-01-05T00:00' } } }], ['access-control-date-order', '2026-01-05T00:00'], ['access-control-date-conflict', '2026-01-05T00:00']);
ac('acDateConflict', [{ dateControl: { release, due: { date: '2026-01-20T00:00' } } }, ovr(1, { dateControl: { due: { date: '2026-01-05T00:00' } } })], ['access-control-date-conflict', '2026-01-05T00:00']);
ac('acDueRequired', [{ dateControl: { release, lateDeadlines: [{ date: '2026-01-25T00:00', credit: 50 }] } }], ['access-control-due-date-required', '2026-01-25T00:00']);
ac('acEarlyCredit', [{ dateControl: { release, earlyDeadlines: [{ date: '2026-01-15T00:00', credit: 110 }], due: { date: '2026-01-20T00:00', credit: 90 } } }], ['access-control-early-deadline-credit', '2026-01-15T00:00']);
ac('acLateCredit', [{ dateControl: { release, due: { date: '2026-01-20T00:00', credit: 120 }, lateDeadlines: [{ date: '2026-01-22T00:00', credit: 100 }] } }], ['access-control-late-credit', '"credit": 100']);
ac('acCreditOrder', [{ dateControl: { release, earlyDeadlines: [{ date: '2026-01-15T00:00', credit: 100 }], due: { date: '2026-01-20T00:00' } } }], ['access-control-credit-order', '"due"']);
const dateControl = { release, due: { date: '2026-01-20T00:00' } };
ac('acVisibilityUnused', [{ dateControl, afterComplete: { questions: { hidden: false, visibleFromDate: '2026-02-01T00:00' } } }], ['access-control-visibility-date-unused', '"hidden"']);
ac('acVisibilityOrder', [{ dateControl, afterComplete: { questions: { hidden: true, visibleFromDate: '2026-01-15T00:00' } } }], ['access-control-visibility-date-order', '2026-01-15T00:00']);
ac('acVisibilityConflict', [{ dateControl, afterComplete: { questions: { hidden: true }, score: { hidden: true } } }, ovr(1, { afterComplete: { questions: { hidden: false } } })], ['access-control-visibility-conflict', '"questions"', 3]);
ac('acUnknownLabel', [{}, ovr(1, { labels: ['Nobody'] })], ['access-control-unknown-label', '"Nobody"']);

// zones and questions
const za = (tid: string, a: object, ...e: [string, string, number?][]) => add({ [AF(tid)]: a }, ...e.map(([code, needle, nth]): Expect => [code, AF(tid), needle, nth]));
za('idAndAlternatives', hw({ zones: zones({ id: 'shared/a', alternatives: [{ id: 'shared/b' }], points: 1 }) }), ['question-id-and-alternatives', '"shared/a"']);
za('poolPreferences', hw({ zones: zones({ alternatives: [{ id: 'shared/a' }], preferences: { x: 1 }, points: 1 }) }), ['alternative-pool-preferences', '"preferences"']);
za('idMissing', hw({ zones: zones({ points: 1 }) }), ['question-id-missing', '{', 3]);
za('pointsListNoRealTime', ex({ allowRealTimeGrading: false, zones: zones({ id: 'shared/a', points: [3, 1] }) }), ['points-list-without-real-time-grading', '"points"']);
za('pointsMissing', hw({ zones: zones({ id: 'shared/a' }) }), ['question-points-missing', '"shared/a"']);
za('pointsWithSplit', hw({ zones: zones({ id: 'shared/a', points: 2, autoPoints: 2 }) }), ['points-with-split-points', '"points"']);
za('examMaxPoints', ex({ zones: zones({ id: 'shared/a', points: 3, maxPoints: 5 }) }), ['exam-max-points', '"maxPoints"']);
za('examPointsIncreasing', ex({ zones: zones({ id: 'shared/a', points: [1, 3] }) }), ['exam-points-increasing', '"points"']);
za('homeworkMaxWithSplit', hw({ zones: zones({ id: 'shared/a', autoPoints: 2, maxPoints: 5 }) }), ['homework-max-points-with-split-points', '"maxPoints"']);
za('homeworkPointsList', hw({ zones: zones({ id: 'shared/a', points: [3, 2] }) }), ['homework-points-list', '"points"']);
za('homeworkZeroPoints', hw({ zones: zones({ id: 'shared/a', points: 0, maxPoints: 5 }) }), ['homework-zero-points-with-max-points', '"points"']);
za('homeworkZeroAutoPoints', hw({ zones: zones({ id: 'shared/a', autoPoints: 0, maxAutoPoints: 5 }) }), ['homework-zero-auto-points-with-max-auto-points', '"autoPoints"']);
za('homeworkAutoAboveMax', hw({ zones: zones({ id: 'shared/a', autoPoints: 5, maxAutoPoints: 3 }) }), ['homework-auto-points-above-max', '"autoPoints"']);
za('homeworkPointsAboveMax', hw({ zones: zones({ id: 'shared/a', points: 5, maxPoints: 3 }) }), ['homework-points-above-max', '"points"']);
za('poolNumberChoose', hw({ zones: zones({ numberChoose: 3, points: 1, alternatives: [{ id: 'shared/a' }, { id: 'shared/b' }] }) }), ['pool-number-choose-too-large', '"numberChoose"']);
za('zoneBestAboveChoose', hw({ zones: [{ numberChoose: 1, bestQuestions: 2, questions: [{ id: 'shared/a', points: 1 }, { id: 'shared/b', points: 1 }] }] }), ['zone-best-questions-above-number-choose', '"bestQuestions"']);
za('zoneChooseTooLarge', hw({ zones: [{ numberChoose: 3, questions: [{ id: 'shared/a', points: 1 }, { id: 'shared/b', points: 1 }] }] }), ['zone-number-choose-too-large', '"numberChoose"']);
za('zoneBestTooLarge', hw({ zones: [{ bestQuestions: 3, questions: [{ id: 'shared/a', points: 1 }, { id: 'shared/b', points: 1 }] }] }), ['zone-best-questions-too-large', '"bestQuestions"']);
za('zoneChooseZero', hw({ zones: [{ numberChoose: 0, questions: [{ id: 'shared/a', points: 1 }] }] }), ['zone-number-choose-zero', '"numberChoose"']);
za('zoneBestZero', hw({ zones: [{ bestQuestions: 0, questions: [{ id: 'shared/a', points: 1 }] }] }), ['zone-best-questions-zero', '"bestQuestions"']);
za('usedTwice', hw({ zones: zones({ id: 'shared/a', points: 1 }, { id: 'shared/a', points: 1 }) }), ['question-used-more-than-once', '"shared/a"', 2]);
za('notFound', hw({ zones: zones({ id: 'no/such/question', points: 1 }) }), ['question-not-found', '"no/such/question"']);
za('draftInAssessment', hw({ zones: zones({ id: '__drafts__/plain', points: 1 }) }), ['draft-question-in-assessment', '"__drafts__/plain"']);
za(
  'groupRoles',
  hw({
    groups: {
      minMembers: 1,
      maxMembers: 3,
      roles: [
        { name: 'Recorder', minMembers: 2, maxMembers: 5 },
        { name: 'Skeptic', minMembers: 4, maxMembers: 1 },
      ],
      rolePermissions: { canAssignRoles: ['Manager'] },
    },
  }),
  ['group-roles-no-assigner', '"roles"'],
  ['group-role-unknown', '"Manager"'],
  ['group-role-min-above-group-min', '"minMembers": 2'],
  ['group-role-max-above-group-max', '"maxMembers": 5'],
  ['group-role-min-above-group-min', '"minMembers": 4'],
  ['group-role-min-above-group-max', '"minMembers": 4'],
  ['group-role-min-above-max', '"minMembers": 4'],
);
za('firstZoneLockpoint', hw({ zones: [{ lockpoint: true, questions: [{ id: 'shared/a', points: 1 }] }] }), ['first-zone-lockpoint', '"lockpoint"']);
za('emptyLockpoint', hw({ zones: [{ questions: [{ id: 'shared/a', points: 1 }] }, { lockpoint: true, numberChoose: 0, questions: [{ id: 'shared/b', points: 1 }] }] }), ['empty-lockpoint-zone', '"numberChoose"']);
za('publicPrivateQuestion', hw({ shareSourcePublicly: true, zones: zones({ id: 'shared/public', points: 1 }, { id: 'shared/b', points: 1 }) }), ['public-assessment-private-question', '"shared/b"']);
files[QF('prefs/declared')] = q({ preferences: { size: { type: 'number', default: 3, enum: [1, 3, 5] } } });
za('prefOverrideNoSchema', hw({ zones: zones({ id: 'shared/a', points: 1, preferences: { size: 2 } }) }), ['preference-override-without-schema', '"preferences"']);
za('prefOverrideUnknown', hw({ zones: zones({ id: 'prefs/declared', points: 1, preferences: { colour: 'red' } }) }), ['preference-override-unknown', '"colour"']);
za('prefOverrideType', hw({ zones: zones({ id: 'prefs/declared', points: 1, preferences: { size: 'big' } }) }), ['preference-override-type', '"big"']);
za('prefOverrideNotAllowed', hw({ zones: zones({ id: 'prefs/declared', points: 1, preferences: { size: 4 } }) }), ['preference-override-not-allowed', '"size": 4']);

// ---------- question.html ----------
const html = (name: string, text: string, ...e: [string, string, number?][]) => {
  files[QF(`html/${name}`)] = q();
  files[`questions/html/${name}/question.html`] = text;
  expects.push(...e.map(([code, needle, nth]): Expect => [code, `questions/html/${name}/question.html`, needle, nth]));
};
html('skipped', '<p>\u0000\u0001binary\u0000</p>\n', ['question-html-skipped', '']);
html('mustache', '<p>{{#params.a}}shown{{/params.b}}</p>\n', ['mustache-syntax', '{{/params.b}}']);
html('unclosed', '<section><div>never closed</section>\n', ['html-unclosed-element', 'div']);
html('strayEnd', '<p>text</p>\n</span>\n', ['html-stray-end-tag', '</span>']);
html('unterminatedTag', '<p>fine</p>\n<pl-number-input answers-name="a', ['html-unterminated-tag', 'answers-name']);
html('unterminatedComment', '<p>fine</p>\n<!-- never closed\n', ['html-unterminated-comment', '<!--']);
html('duplicateAttribute', '<pl-number-input answers-name="a" weight="1" weight="2"></pl-number-input>\n', ['html-duplicate-attribute', 'weight', 2]);
html('unknownElement', '<pl-numbr-input answers-name="a"></pl-numbr-input>\n', ['unknown-element', 'pl-numbr-input']);
html('unknownAttribute', '<pl-number-input answers-name="a" answer-name="b"></pl-number-input>\n', ['unknown-attribute', 'answer-name']);
html('unknownExtensibleAttribute', '<pl-drawing><pl-drawing-initial><pl-point x1="10" colour="red"></pl-point></pl-drawing-initial></pl-drawing>\n', ['unknown-extensible-attribute', 'colour']);
html('missingRequired', '<pl-number-input label="x"></pl-number-input>\n', ['missing-required-attribute', 'pl-number-input']);
html('invalidValue', '<pl-number-input answers-name="b" weight="1.5"></pl-number-input>\n', ['invalid-attribute-value', '1.5']);
html('deprecatedElement', '<pl-variable-score answers-name="a"></pl-variable-score>\n', ['deprecated-element', 'pl-variable-score']);
html('deprecatedAttribute', '<pl-code language="python" style="monokai">print(1)</pl-code>\n', ['deprecated-attribute', 'style']);
html('deprecatedValue', '<pl-multiple-choice answers-name="c" all-of-the-above="yes"><pl-answer correct="true">1</pl-answer></pl-multiple-choice>\n', ['deprecated-attribute-value', 'yes']);
// The three deprecation hints above make the course's one note about them, on infoCourse.json.
expects.push(['deprecated-uses', 'infoCourse.json', '']);
html('misplacedChild', '<pl-answer correct="true">stray</pl-answer>\n', ['misplaced-child-element', 'pl-answer']);
html('unexpectedChild', '<pl-checkbox answers-name="a">\n  <pl-answer correct="true">1</pl-answer>\n  <p>not allowed</p>\n</pl-checkbox>\n', ['unexpected-child-element', 'p>', 1]);
html('duplicateAnswersName', '<pl-number-input answers-name="a"></pl-number-input>\n<pl-string-input answers-name="a"></pl-string-input>\n', ['duplicate-answers-name', '"a"', 1], ['duplicate-answers-name', '"a"', 2]);
html('emptyAnswersName', '<pl-integer-input answers-name=" "></pl-integer-input>\n', ['empty-answers-name', 'answers-name']);
html('duplicateFileName', '<pl-file-editor file-name="main.py"></pl-file-editor>\n<pl-file-editor file-name="main.py"></pl-file-editor>\n', ['duplicate-file-name', 'main.py', 1], ['duplicate-file-name', 'main.py', 2]);
html('overlappingFileName', '<pl-file-editor file-name="notes.txt"></pl-file-editor>\n<pl-file-upload file-names="report.pdf, notes.txt"></pl-file-upload>\n', ['overlapping-file-name', 'notes.txt', 1], ['overlapping-file-name', 'notes.txt', 2]);
html('missingElementFile', '<pl-figure file-name="missing.png"></pl-figure>\n', ['missing-element-file', 'missing.png']);
html('missingClientFile', '<img src="{{options.client_files_question_url}}/missing.png">\n', ['missing-client-file', 'missing.png']);
html('unknownParam', '<p>{{params.nope}}</p>\n', ['unknown-template-param', 'nope']);
files['questions/html/unknownParam/server.py'] = 'def generate(data):\n    data["params"]["x"] = 1\n';

// ---------- added later (at the end, so that the UUIDs above keep their numbers) ----------
add({ [CF('ci/labelEmpty')]: ci({ studentLabels: [{ uuid: uuid(), name: '   ', color: 'blue1' }] }) }, ['ci-student-label-empty-name', CF('ci/labelEmpty'), '"   "']);
ac('acInvalidDate', [{ dateControl: { release: { date: '2026-13-10T00:00' } } }], ['access-control-invalid-date', '2026-13-10T00:00']);
html('backslashVoidTag', '<p>one<br\\>two</p>\n', ['html-backslash-void-tag', '<br']);
html(
  'answersNameInSections',
  '{{#params.a}}<pl-number-input answers-name="x"></pl-number-input>{{/params.a}}\n{{#params.b}}<pl-number-input answers-name="x"></pl-number-input>{{/params.b}}\n',
  ['duplicate-answers-name-in-sections', '"x"', 1],
  ['duplicate-answers-name-in-sections', '"x"', 2],
);
html(
  'sharedAnswersName',
  '<pl-drawing answers-name="box" gradable="true"><pl-drawing-answer></pl-drawing-answer></pl-drawing>\n<pl-drawing answers-name="box" gradable="true"><pl-drawing-answer></pl-drawing-answer></pl-drawing>\n',
  ['shared-answers-name', '"box"', 1],
  ['shared-answers-name', '"box"', 2],
);
html('misspeltNamespace', '<p>{{param.x}}</p>\n', ['misspelt-template-namespace', 'param.x']);
files['questions/html/misspeltNamespace/server.py'] = 'def generate(data):\n    data["params"]["x"] = 1\n';
add({ [QF('pipeline/jsonTooDeep')]: `{\n  "uuid": "${uuid()}",\n  "deep": ${'['.repeat(1000)}${']'.repeat(1000)}\n}\n` }, ['json-too-deep', QF('pipeline/jsonTooDeep'), '"deep"']);

// ---------- write the course and the expectations, then compare with what the checker finds ----------
fs.rmSync(ROOT, { recursive: true, force: true });
for (const [rel, content] of Object.entries(files)) {
  const full = path.join(ROOT, rel);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n');
}

/** 1-based line of the nth `needle` in a fixture file; 1 for a folder or an empty needle. */
function lineOf(file: string, needle: string, nth = 1): number {
  const full = path.join(ROOT, file);
  if (!needle || fs.statSync(full).isDirectory()) return 1;
  const text = fs.readFileSync(full, 'utf8');
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${file}: ${needle} #${nth} not found`);
  }
  return text.slice(0, at).split('\n').length;
}

interface Row {
  file: string;
  line: number;
  code: string;
}
const key = (r: Row) => `${r.file}:${r.line} ${r.code}`;
const want: Row[] = expects.map(([code, file, needle, nth, delta]) => ({ file, line: lineOf(file, needle, nth) + (delta ?? 0), code }));
want.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || (a.code < b.code ? -1 : 1)));
fs.writeFileSync(`${ROOT}.expected.json`, '[\n' + want.map((r) => '  ' + JSON.stringify(r)).join(',\n') + '\n]\n');

const got: Row[] = newCourseChecker().check(loadCourse(ROOT), { reportSyntaxErrors: true, now: NOW }).map((d) => {
  const text = fs.statSync(d.file).isDirectory() ? '' : fs.readFileSync(d.file, 'utf8');
  const line = computeLineStarts(text).filter((s) => s <= d.range.start).length;
  return { file: path.relative(ROOT, d.file).split(path.sep).join('/'), line, code: d.code };
});
/** Items of `a` left after taking out those of `b`, counting repeats. */
function minus(a: string[], b: string[]): string[] {
  const rest = [...b];
  return a.filter((x) => {
    const i = rest.indexOf(x);
    if (i >= 0) rest.splice(i, 1);
    return i < 0;
  });
}
const covered = new Set(expects.map((e) => e[0]));
console.log('expected but not found:', minus(want.map(key), got.map(key)));
console.log('found but not expected:', minus(got.map(key), want.map(key)));
console.log('codes without a mistake:', [...allCodes().keys()].filter((c) => !covered.has(c)));
