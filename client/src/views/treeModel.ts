// The Course Instances tree as plain data: which nodes an API answer becomes, their labels, stable ids and
// what each one loads or opens. No VS Code here, so the shaping is tested with node alone.
import type { CallOptions, PrairieLearnClient } from '../api/client';
import type { Assessment, AssessmentAccessRule, AssessmentInstance, CourseInstanceAccessRule, InstanceQuestion, Submission } from '../api/types';
import type { RecordRef } from './records';
import { assessmentSetColorHex } from './assessmentSetColors';
import { webUrl } from './webUrls';

/** How a node gets its children: loaded from the API on first expand, or known already. */
export type ChildSource =
  | { kind: 'courseInstance'; ci: string }
  | { kind: 'assessment'; ci: string; a: string }
  | { kind: 'assessmentAccessRules'; ci: string; a: string }
  | { kind: 'courseInstanceAccessRules'; ci: string }
  | { kind: 'instanceQuestions'; ci: string; a: string; ai: string }
  | { kind: 'submissions'; ci: string; a: string; ai: string }
  | { kind: 'known'; nodes: NodeSpec[] };

export type NodeAction = { kind: 'record'; ref: RecordRef; title: string } | { kind: 'gradebook'; ci: string; title: string };

export interface NodeSpec {
  /** Stable across refreshes, so VS Code keeps what was expanded. */
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  /** A codicon name. */
  icon?: string;
  /** A theme colour id for the icon (e.g. testing.iconPassed). */
  iconColor?: string;
  /** Hex colour of an assessment set badge, drawn instead of `icon`. */
  badgeColor?: string;
  /** For menus' `when` clauses (viewItem == …). */
  contextValue: string;
  children?: ChildSource;
  /** Shown expanded the first time (course headings). */
  expanded?: boolean;
  open?: NodeAction;
  /** The node's page in PrairieLearn's web interface, for Open in PrairieLearn. */
  webUrl?: string;
  /** On course and course instance nodes: what Sync Course needs. */
  courseId?: string;
  /** The course's short name (infoCourse.json "name"), e.g. "CS 225". */
  courseName?: string;
}

type Loader = Pick<
  PrairieLearnClient,
  'assessments' | 'assessmentAccessRules' | 'assessmentInstances' | 'courseInstanceAccessRules' | 'instanceQuestions' | 'submissions'
>;

export const base = (server: string, ci: string) => `${server}/ci/${ci}`;

/** Assessments grouped under their set headings (in PrairieLearn's order), then Gradebook and Access rules. */
export function courseInstanceChildren(server: string, ci: string, assessments: Assessment[]): NodeSpec[] {
  const groups = new Map<string, Assessment[]>();
  for (const a of assessments) {
    const heading = a.assessment_set_heading || a.assessment_set_name;
    groups.set(heading, [...(groups.get(heading) ?? []), a]);
  }
  const sets: NodeSpec[] = [...groups].map(([heading, items]) => ({
    id: `${base(server, ci)}/set/${heading}`,
    label: heading,
    description: count(items.length, 'assessment'),
    icon: 'folder',
    badgeColor: assessmentSetColorHex(items[0].assessment_set_color),
    contextValue: 'assessmentSet',
    children: { kind: 'known', nodes: items.map((a) => assessmentNode(server, ci, a)) },
  }));
  if (sets.length === 0) sets.push(message(`${base(server, ci)}/assessments`, 'No assessments in this course instance'));
  return [
    ...sets,
    {
      id: `${base(server, ci)}/gradebook`,
      label: 'Gradebook',
      icon: 'table',
      contextValue: 'gradebook',
      open: { kind: 'gradebook', ci, title: 'Gradebook' },
      webUrl: webUrl(server, { kind: 'gradebook', ci }),
    },
    {
      id: `${base(server, ci)}/rules`,
      label: 'Access rules',
      icon: 'shield',
      contextValue: 'courseInstanceAccessRules',
      children: { kind: 'courseInstanceAccessRules', ci },
      webUrl: webUrl(server, { kind: 'courseInstanceAccess', ci }),
    },
  ];
}

export function assessmentNode(server: string, ci: string, a: Assessment): NodeSpec {
  return {
    id: `${base(server, ci)}/a/${a.assessment_id}`,
    label: [a.assessment_label, a.title].filter(Boolean).join(' '),
    description: a.type,
    tooltip: lines(`${a.assessment_set_name} ${a.assessment_number}: ${a.title ?? ''}`, a.assessment_name && `Directory: ${a.assessment_name}`, `Assessment id ${a.assessment_id}`),
    icon: 'checklist',
    badgeColor: assessmentSetColorHex(a.assessment_set_color),
    contextValue: 'assessment',
    children: { kind: 'assessment', ci, a: a.assessment_id },
    webUrl: webUrl(server, { kind: 'assessment', ci, a: a.assessment_id }),
  };
}

/** Its access rules first, then one node per assessment instance. */
export function assessmentChildren(server: string, ci: string, a: string, instances: AssessmentInstance[]): NodeSpec[] {
  const prefix = `${base(server, ci)}/a/${a}`;
  const rules: NodeSpec = {
    id: `${prefix}/rules`,
    label: 'Access rules',
    icon: 'shield',
    contextValue: 'assessmentAccessRules',
    children: { kind: 'assessmentAccessRules', ci, a },
    webUrl: webUrl(server, { kind: 'assessmentAccess', ci, a }),
  };
  if (instances.length === 0) return [rules, message(`${prefix}/instances`, 'No one has started this assessment')];
  return [rules, ...instances.map((ai) => assessmentInstanceNode(server, ci, ai))];
}

export function assessmentInstanceNode(server: string, ci: string, ai: AssessmentInstance): NodeSpec {
  const prefix = `${base(server, ci)}/ai/${ai.assessment_instance_id}`;
  const who = ai.user_name ?? ai.user_uid ?? ai.group_name ?? `Instance ${ai.assessment_instance_id}`;
  const label = ai.assessment_instance_number > 1 ? `${who} #${ai.assessment_instance_number}` : who;
  const members = ai.group_uids?.length ? `Group: ${ai.group_uids.join(', ')}` : undefined;
  // Its questions, submissions and log are all on the one instructor page of the assessment instance.
  const page = webUrl(server, { kind: 'assessmentInstance', ci, ai: ai.assessment_instance_id });
  const where = { ci, a: ai.assessment_id, ai: ai.assessment_instance_id };
  return {
    id: prefix,
    label,
    description: [percent(ai.score_perc), openState(ai)].join(' · '),
    tooltip: lines(
      ai.user_uid && `${ai.user_uid}${ai.user_role && ai.user_role !== 'Student' ? ` (${ai.user_role})` : ''}`,
      members,
      `Score: ${percent(ai.score_perc)} (${num(ai.points)}/${num(ai.max_points)} points)`,
      `Started: ${ai.start_date ?? 'unknown'}`,
      ai.duration_seconds != null ? `Time spent: ${duration(ai.duration_seconds)}` : undefined,
      `Assessment instance id ${ai.assessment_instance_id}`,
    ),
    icon: ai.open ? 'unlock' : 'lock',
    contextValue: 'assessmentInstance',
    webUrl: page,
    open: { kind: 'record', ref: { kind: 'assessmentInstance', ci, id: ai.assessment_instance_id }, title: `${ai.assessment_label} ${label}` },
    children: {
      kind: 'known',
      nodes: [
        {
          id: `${prefix}/questions`,
          label: 'Questions',
          icon: 'list-ordered',
          contextValue: 'instanceQuestions',
          children: { kind: 'instanceQuestions', ...where },
          webUrl: page,
        },
        {
          id: `${prefix}/submissions`,
          label: 'Submissions',
          icon: 'inbox',
          contextValue: 'submissions',
          children: { kind: 'submissions', ...where },
          webUrl: page,
        },
        {
          id: `${prefix}/log`,
          label: 'Event log',
          icon: 'history',
          contextValue: 'log',
          webUrl: page,
          open: { kind: 'record', ref: { kind: 'log', ci, ai: ai.assessment_instance_id }, title: `${ai.assessment_label} ${label} log` },
        },
      ],
    },
  };
}

/** "open, 12 min left", "open" (no time limit) or "closed", from the API's `time_remaining`. */
export function openState(ai: Pick<AssessmentInstance, 'open' | 'time_remaining'>): string {
  if (!ai.open) return 'closed';
  return /^\d+ min$/.test(ai.time_remaining) ? `open, ${ai.time_remaining} left` : 'open';
}

export function instanceQuestionNodes(server: string, ci: string, a: string, ai: string, questions: InstanceQuestion[]): NodeSpec[] {
  if (questions.length === 0) return [message(`${base(server, ci)}/ai/${ai}/questions/none`, 'No questions')];
  return questions.map((q) => ({
    id: `${base(server, ci)}/iq/${q.instance_question_id}`,
    label: `${q.instance_question_number != null ? `Q${q.instance_question_number} ` : ''}${q.question_name ?? `question ${q.question_id}`}`,
    description: `${num(q.instance_question_points)}/${num(q.assessment_question_max_points)} pts · ${count(q.number_attempts, 'attempt')}`,
    tooltip: lines(q.zone_title && `Zone ${q.zone_number}: ${q.zone_title}`, `Score: ${percent(q.instance_question_score_perc)}`),
    icon: 'question',
    contextValue: 'instanceQuestion',
    webUrl: webUrl(server, { kind: 'instanceQuestion', ci, a, iq: q.instance_question_id }),
    open: { kind: 'record', ref: { kind: 'instanceQuestion', ci, ai, id: q.instance_question_id }, title: `instance question ${q.instance_question_id}` },
  }));
}

export function submissionNodes(server: string, ci: string, a: string, ai: string, submissions: Submission[]): NodeSpec[] {
  if (submissions.length === 0) return [message(`${base(server, ci)}/ai/${ai}/submissions/none`, 'No submissions')];
  return submissions.map((s) => {
    const graded = s.score != null;
    return {
      id: `${base(server, ci)}/s/${s.submission_id}`,
      label: `${s.question_name ?? `question ${s.question_id}`}${s.variant_number != null ? ` (variant ${s.variant_number})` : ''}`,
      description: [graded ? percent(s.score! * 100) : 'not graded', s.date ? localDate(s.date) : undefined].filter(Boolean).join(' · '),
      tooltip: lines(s.user_uid, `Submission id ${s.submission_id}`, s.date ? `Submitted ${s.date}` : undefined, s.graded_at ? `Graded ${s.graded_at}` : undefined),
      icon: !graded ? 'circle-large-outline' : s.correct ? 'pass' : 'error',
      iconColor: !graded ? undefined : s.correct ? 'testing.iconPassed' : 'testing.iconFailed',
      contextValue: 'submission',
      // A submission has no page of its own; it shows on its instance question's page.
      webUrl: webUrl(server, { kind: 'instanceQuestion', ci, a, iq: s.instance_question_id }),
      open: { kind: 'record', ref: { kind: 'submission', ci, id: s.submission_id }, title: `submission ${s.submission_id}` },
    };
  });
}

export function assessmentAccessRuleNodes(server: string, ci: string, a: string, rules: AssessmentAccessRule[]): NodeSpec[] {
  const prefix = `${base(server, ci)}/a/${a}/rules`;
  if (rules.length === 0) return [message(`${prefix}/none`, 'No allowAccess rules (newer accessControl settings are not in the API)')];
  return rules.map((r) => ({
    id: `${prefix}/${r.assessment_access_rule_id}`,
    label: `Rule ${r.assessment_access_rule_number}: ${r.mode ?? 'any mode'}${r.credit != null ? `, ${r.credit}% credit` : ''}`,
    description: dateRange(r.start_date, r.end_date, localDate),
    tooltip: lines(
      dateRange(r.start_date, r.end_date, (d) => d),
      r.uids?.length ? `Only: ${r.uids.join(', ')}` : undefined,
      r.time_limit_min != null ? `Time limit: ${r.time_limit_min} min` : undefined,
      r.password ? 'Password protected' : undefined,
      r.exam_uuid ? `PrairieTest exam ${r.exam_uuid}` : undefined,
    ),
    icon: 'key',
    contextValue: 'accessRule',
    webUrl: webUrl(server, { kind: 'assessmentAccess', ci, a }),
    open: { kind: 'record', ref: { kind: 'assessmentAccessRule', ci, a, id: r.assessment_access_rule_id }, title: `${r.assessment_label} access rule ${r.assessment_access_rule_number}` },
  }));
}

export function courseInstanceAccessRuleNodes(server: string, ci: string, rules: CourseInstanceAccessRule[]): NodeSpec[] {
  const prefix = `${base(server, ci)}/rules`;
  if (rules.length === 0) return [message(`${prefix}/none`, 'No allowAccess rules (newer publishing settings are not in the API)')];
  return rules.map((r) => ({
    id: `${prefix}/${r.course_instance_access_rule_id}`,
    label: `Rule ${r.course_instance_access_rule_number}: ${r.institution ?? 'own institution'}`,
    description: dateRange(r.start_date, r.end_date, localDate),
    tooltip: lines(dateRange(r.start_date, r.end_date, (d) => d), r.uids?.length ? `Only: ${r.uids.join(', ')}` : undefined),
    icon: 'key',
    contextValue: 'accessRule',
    webUrl: webUrl(server, { kind: 'courseInstanceAccess', ci }),
    open: { kind: 'record', ref: { kind: 'courseInstanceAccessRules', ci }, title: `course instance ${ci} access rules` },
  }));
}

/** Children of a node from the API (or as already known), shaped for the tree. */
export async function loadChildren(client: Loader, server: string, source: ChildSource, o?: CallOptions): Promise<NodeSpec[]> {
  switch (source.kind) {
    case 'known':
      return source.nodes;
    case 'courseInstance':
      return courseInstanceChildren(server, source.ci, await client.assessments(source.ci, o));
    case 'assessment':
      return assessmentChildren(server, source.ci, source.a, await client.assessmentInstances(source.ci, source.a, o));
    case 'assessmentAccessRules':
      return assessmentAccessRuleNodes(server, source.ci, source.a, await client.assessmentAccessRules(source.ci, source.a, o));
    case 'courseInstanceAccessRules':
      return courseInstanceAccessRuleNodes(server, source.ci, await client.courseInstanceAccessRules(source.ci, o));
    case 'instanceQuestions':
      return instanceQuestionNodes(server, source.ci, source.a, source.ai, await client.instanceQuestions(source.ci, source.ai, o));
    case 'submissions':
      return submissionNodes(server, source.ci, source.a, source.ai, await client.submissions(source.ci, source.ai, o));
  }
}

/** A leaf that only informs (empty lists). */
export function message(id: string, text: string): NodeSpec {
  return { id, label: text, icon: 'info', contextValue: 'message' };
}

function dateRange(start: string | null, end: string | null, show: (date: string) => string): string | undefined {
  if (!start && !end) return undefined;
  return `${start ? show(start) : '…'} – ${end ? show(end) : '…'}`;
}

/**
 * A date of the API, short, in the user's locale and time zone (the API gives ISO text with an offset,
 * long enough to cut the row off at the default sidebar width); the tooltips keep the full value.
 */
export function localDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function percent(value: number | null | undefined): string {
  return value == null ? '–' : `${num(value)}%`;
}

/** At most one decimal, no trailing zeros. */
function num(value: number | null | undefined): string {
  return value == null ? '–' : String(Math.round(value * 10) / 10);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function duration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${h} h ${m} min` : m ? `${m} min ${s} s` : `${s} s`;
}

/** Tooltip text: the parts that are there, one per line. */
export function lines(...parts: Array<string | null | undefined | false>): string {
  return parts.filter(Boolean).join('\n');
}
