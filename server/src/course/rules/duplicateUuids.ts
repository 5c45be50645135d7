import type { InfoEntry } from '../course';
import type { CourseRule, RuleContext } from './rule';

/**
 * The same UUID on two questions, two course instances, or two assessments of one course
 * instance. PrairieLearn warns on each and then matches those entities by path instead.
 */
export const duplicateUuids: CourseRule = {
  name: 'duplicateUuids',
  scope: 'course',
  codes: {
    'duplicate-uuid': { severity: 'warning', description: 'Two entities of one kind share a UUID.' },
  },
  check(ctx) {
    const { course } = ctx;
    reportGroup(ctx, course.questions.values(), 'questions');
    reportGroup(ctx, [...course.courseInstances.values()].map((ci) => ci.entry), 'course instances');
    for (const ci of course.courseInstances.values()) {
      reportGroup(ctx, ci.assessments.values(), 'assessments in this course instance');
    }
  },
};

function reportGroup(ctx: RuleContext, entries: Iterable<InfoEntry>, noun: string): void {
  // Runs on every check over every question: a list is made only for a UUID seen twice.
  const first = new Map<string, InfoEntry>();
  const shared = new Map<string, InfoEntry[]>();
  for (const entry of entries) {
    const key = ctx.uuidOf(entry);
    if (!key) continue;
    const seen = first.get(key);
    if (!seen) first.set(key, entry);
    else {
      const list = shared.get(key);
      if (list) list.push(entry);
      else shared.set(key, [seen, entry]);
    }
  }
  for (const [, list] of shared) {
    for (const entry of list) {
      const others = list.filter((e) => e !== entry);
      const uuid = ctx.uuidOf(entry);
      ctx.report(entry, {
        code: 'duplicate-uuid',
        path: ['uuid'],
        message: `UUID "${uuid}" is used in other ${noun}: ${others.map((e) => e.id).join(', ')}. Give this one a new UUID.`,
        related: others.map((e) => ({ entry: e, path: ['uuid'], message: `Also used by ${e.id}` })),
        data: { uuid },
      });
    }
  }
}
