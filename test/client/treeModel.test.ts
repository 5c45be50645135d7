import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Assessment, AssessmentInstance, Submission } from '../../client/src/api/types';
import {
  assessmentChildren,
  assessmentInstanceNode,
  courseInstanceChildren,
  instanceQuestionNodes,
  loadChildren,
  openState,
  submissionNodes,
  localDate,
  type NodeSpec,
} from '../../client/src/views/treeModel';

const S = 'https://pl.example.edu';

function assessment(id: string, label: string, title: string, heading: string, color: string): Assessment {
  return {
    assessment_id: id,
    assessment_name: label.toLowerCase(),
    assessment_label: label,
    type: 'Homework',
    assessment_number: label.replace(/\D/g, ''),
    assessment_order_by: null,
    title,
    assessment_set_id: '1',
    assessment_set_abbreviation: label.replace(/\d/g, ''),
    assessment_set_name: heading,
    assessment_set_number: 1,
    assessment_set_heading: heading,
    assessment_set_color: color,
  };
}

function instance(over: Partial<AssessmentInstance>): AssessmentInstance {
  return {
    assessment_instance_id: '50',
    assessment_id: '10',
    assessment_label: 'HW1',
    user_id: '7',
    user_uid: 'ada@example.com',
    user_name: 'Ada Lovelace',
    user_role: 'Student',
    max_points: 10,
    points: 8.25,
    score_perc: 82.5,
    assessment_instance_number: 1,
    open: true,
    group_id: null,
    group_name: null,
    group_uids: null,
    highest_score: true,
    modified_at: '2026-01-01T00:00:00+00:00',
    time_remaining: '12 min',
    start_date: '2026-01-01T00:00:00+00:00',
    duration_seconds: 600,
    ...over,
  };
}

test('assessments are grouped under their set headings in API order, labelled like "HW1 Title", with the set colour', () => {
  const nodes = courseInstanceChildren(S, '3', [
    assessment('10', 'HW1', 'Vectors', 'Homeworks', 'green1'),
    assessment('11', 'HW2', 'Matrices', 'Homeworks', 'green1'),
    assessment('20', 'E1', 'Midterm', 'Exams', 'red2'),
  ]);
  assert.deepEqual(nodes.map((n) => n.label), ['Homeworks', 'Exams', 'Gradebook', 'Access rules']);
  assert.equal(nodes[0].badgeColor, '#8effc1');
  const homeworks = nodes[0].children;
  assert.ok(homeworks?.kind === 'known');
  assert.deepEqual(homeworks.nodes.map((n) => n.label), ['HW1 Vectors', 'HW2 Matrices']);
  assert.equal(homeworks.nodes[0].id, `${S}/ci/3/a/10`);
  assert.deepEqual(homeworks.nodes[0].children, { kind: 'assessment', ci: '3', a: '10' });
  assert.deepEqual(nodes[2].open, { kind: 'gradebook', ci: '3', title: 'Gradebook' });
});

test('an empty course instance still offers Gradebook and Access rules', () => {
  assert.deepEqual(courseInstanceChildren(S, '3', []).map((n) => n.label), ['No assessments in this course instance', 'Gradebook', 'Access rules']);
});

test('assessment instances show student, score, open state and time remaining', () => {
  const node = assessmentInstanceNode(S, '3', instance({}));
  assert.equal(node.label, 'Ada Lovelace');
  assert.equal(node.description, '82.5% · open, 12 min left');
  assert.match(node.tooltip!, /ada@example\.com/);
  assert.match(node.tooltip!, /8\.3\/10 points/);
  const children = node.children;
  assert.ok(children?.kind === 'known');
  assert.deepEqual(children.nodes.map((n) => n.label), ['Questions', 'Submissions', 'Event log']);
  assert.deepEqual(children.nodes[2].open, { kind: 'record', ref: { kind: 'log', ci: '3', ai: '50' }, title: 'HW1 Ada Lovelace log' });
  assert.deepEqual(children.nodes[0].children, { kind: 'instanceQuestions', ci: '3', a: '10', ai: '50' });
  assert.deepEqual(children.nodes[1].children, { kind: 'submissions', ci: '3', a: '10', ai: '50' });
  // It expands like a folder and also opens its record (from a button).
  assert.ok(node.children && node.open);

  assert.equal(openState({ open: true, time_remaining: 'Open' }), 'open');
  assert.equal(openState({ open: false, time_remaining: 'Closed' }), 'closed');
  assert.equal(openState({ open: null, time_remaining: 'Closed' }), 'closed');
  const second = assessmentInstanceNode(S, '3', instance({ assessment_instance_number: 2, score_perc: null, open: false, time_remaining: 'Closed' }));
  assert.equal(second.label, 'Ada Lovelace #2');
  assert.equal(second.description, '– · closed');
  const group = assessmentInstanceNode(S, '3', instance({ user_name: null, user_uid: null, group_name: 'team-a', group_uids: ['a@x', 'b@x'] }));
  assert.equal(group.label, 'team-a');
  assert.match(group.tooltip!, /Group: a@x, b@x/);
});

test('an assessment lists its access rules first, then its instances, or says no one started it', () => {
  assert.deepEqual(assessmentChildren(S, '3', '10', [instance({})]).map((n) => n.label), ['Access rules', 'Ada Lovelace']);
  assert.deepEqual(assessmentChildren(S, '3', '10', []).map((n) => n.label), ['Access rules', 'No one has started this assessment']);
});

test('submissions show question, variant, score and open their record', () => {
  const s = { submission_id: '900', question_id: '4', question_name: 'addVectors', variant_number: 2, score: 1, correct: true, date: '2026-01-01T10:00:00+00:00' } as Submission;
  const [node] = submissionNodes(S, '3', '10', '50', [s, { ...s, submission_id: '901', score: null, correct: null }]);
  assert.equal(node.label, 'addVectors (variant 2)');
  assert.equal(node.description, `100% · ${localDate(s.date!)}`);
  assert.doesNotMatch(node.description!, /T10:00/, 'not the raw ISO text');
  assert.match(String(node.tooltip), /Submitted 2026-01-01T10:00:00\+00:00/, 'the full value in the tooltip');
  assert.equal(node.icon, 'pass');
  assert.deepEqual(node.open, { kind: 'record', ref: { kind: 'submission', ci: '3', id: '900' }, title: 'submission 900' });
  assert.equal(submissionNodes(S, '3', '10', '50', [{ ...s, score: null }])[0].description, `not graded · ${localDate(s.date!)}`);
});

test("dates show in the user's time zone and locale", () => {
  const saved = process.env.TZ;
  try {
    process.env.TZ = 'Asia/Tokyo';
    // 10:00 UTC is 19:00 in Tokyo, whatever the locale writes it as (19:00, 7:00 PM).
    assert.match(localDate('2026-01-01T10:00:00+00:00'), /\b(19|7):00\b/);
    process.env.TZ = 'America/Chicago';
    assert.match(localDate('2026-01-01T10:00:00+00:00'), /\b(04|4):00\b/);
    assert.equal(localDate('not a date'), 'not a date', 'text that is not a date stays as it is');
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
});

test('loadChildren asks the API for what each node needs, and ids stay the same on reload', async () => {
  const calls: string[] = [];
  const fake = {
    assessments: async (ci: string) => (calls.push(`assessments ${ci}`), [assessment('10', 'HW1', 'Vectors', 'Homeworks', 'green1')]),
    assessmentInstances: async (ci: string, a: string) => (calls.push(`instances ${ci} ${a}`), [instance({})]),
    assessmentAccessRules: async () => [],
    courseInstanceAccessRules: async () => [],
    instanceQuestions: async () => [],
    submissions: async () => [],
  };
  const first: NodeSpec[] = await loadChildren(fake, S, { kind: 'courseInstance', ci: '3' });
  const again = await loadChildren(fake, S, { kind: 'courseInstance', ci: '3' });
  assert.deepEqual(first.map((n) => n.id), again.map((n) => n.id));
  const instances = await loadChildren(fake, S, { kind: 'assessment', ci: '3', a: '10' });
  assert.equal(instances[1].id, `${S}/ci/3/ai/50`);
  assert.deepEqual(calls, ['assessments 3', 'assessments 3', 'instances 3 10']);
  const rules = await loadChildren(fake, S, { kind: 'assessmentAccessRules', ci: '3', a: '10' });
  assert.match(rules[0].label, /No allowAccess rules/);
});

test('every row with a page in PrairieLearn links to it, built from the server URL and ids', () => {
  const [homeworks, gradebook, ciRules] = courseInstanceChildren(S, '3', [assessment('10', 'HW1', 'Vectors', 'Homeworks', 'green1')]);
  assert.equal(homeworks.webUrl, undefined, 'an assessment set has no page of its own');
  assert.equal(gradebook.webUrl, `${S}/pl/course_instance/3/instructor/instance_admin/gradebook`);
  assert.equal(ciRules.webUrl, `${S}/pl/course_instance/3/instructor/instance_admin/access`);
  const hw1 = homeworks.children?.kind === 'known' ? homeworks.children.nodes[0] : undefined;
  assert.equal(hw1?.webUrl, `${S}/pl/course_instance/3/instructor/assessment/10/questions`);
  const [rules, ai] = assessmentChildren(S, '3', '10', [instance({})]);
  assert.equal(rules.webUrl, `${S}/pl/course_instance/3/instructor/assessment/10/access`);
  assert.equal(ai.webUrl, `${S}/pl/course_instance/3/instructor/assessment_instance/50`);
  const inner = ai.children?.kind === 'known' ? ai.children.nodes : [];
  assert.deepEqual(inner.map((n) => n.webUrl), inner.map(() => ai.webUrl), 'its questions, submissions and log are on its page');
  const [iq] = instanceQuestionNodes(S, '3', '10', '50', [
    { zone_number: 1, zone_title: null, question_id: '4', question_name: 'addVectors', instance_question_id: '77', instance_question_number: 1, assessment_question_max_points: 2, instance_question_points: 1, instance_question_score_perc: 50, number_attempts: 1 },
  ]);
  assert.equal(iq.webUrl, `${S}/pl/course_instance/3/instructor/assessment/10/manual_grading/instance_question/77`);
  const [sub] = submissionNodes(S, '3', '10', '50', [{ submission_id: '900', question_id: '4', instance_question_id: '77', score: null } as Submission]);
  assert.equal(sub.webUrl, iq.webUrl, "a submission shows on its instance question's page");
});
