import type { JsonPath } from '../jsonFile';
import type { FileRule } from './rule';
import {
  accessControlRules,
  earlyDeadlines,
  lateDeadlines,
  ProblemList,
  ruleDateOrderIssues,
  type AccessControlRule,
} from './support/accessControlModel';

const STRICTLY_DECREASE = 'Deadline credits must strictly decrease over time.';
const EARLY_NEEDS_FULL_DUE = 'Early deadlines are not allowed when due date credit is below 100%.';

/**
 * Credit along an `accessControl` timeline (early deadlines, due date, late deadlines, after
 * the last deadline) must strictly decrease, stay below 100% after the due date, and early
 * deadlines make no sense when the due date already gives less than 100%. Overrides are also
 * checked with the fields they inherit from the defaults.
 */
export const accessControlCredits: FileRule<'assessment'> = {
  name: 'accessControlCredits',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-early-deadline-credit': { severity: 'error', description: 'An accessControl rule has early deadlines while its due date gives less than 100% credit.' },
    'access-control-late-credit': { severity: 'error', description: 'An accessControl rule gives 100% or more credit after the due date.' },
    'access-control-credit-order': { severity: 'error', description: 'The credits of an accessControl rule\'s deadlines do not strictly decrease over time.' },
  },
  check(entry, data, ctx) {
    const rules = accessControlRules(data);
    if (rules.length === 0) return;
    const problems = new ProblemList();

    for (const r of rules) {
      const dc = r.rule.dateControl;
      if ((dc?.due?.credit ?? 100) < 100 && earlyDeadlines(r.rule).length > 0) {
        problems.add('access-control-early-deadline-credit', EARLY_NEEDS_FULL_DUE, [...r.path, 'dateControl', 'earlyDeadlines', 0, 'date']);
      }
      // Credit order assumes chronological deadlines; out-of-order dates are reported instead.
      if (!dc || ruleDateOrderIssues(r).length > 0) continue;
      const timeline = creditTimeline(() => r, r.target === 'defaults');
      const overFull = timeline.find((c) => (c.kind === 'late' || c.kind === 'afterLast') && c.credit >= 100);
      if (overFull) problems.add('access-control-late-credit', 'Credit after the due date must be less than 100%.', overFull.path);
      const rise = timeline.findIndex((c, i) => i > 0 && c.credit >= timeline[i - 1].credit);
      if (rise > 0) problems.add('access-control-credit-order', STRICTLY_DECREASE, timeline[rise].path);
    }

    checkInheritedTimelines(rules, problems);
    problems.report(ctx, entry);
  },
};

interface Credit {
  kind: 'early' | 'due' | 'late' | 'afterLast';
  credit: number;
  /** The rule the value comes from (an override may inherit it from the defaults). */
  source: AccessControlRule;
  path: JsonPath;
}

type CreditField = 'earlyDeadlines' | 'due' | 'lateDeadlines' | 'afterLastDeadline';

/**
 * The credits of a rule in time order. When the timeline has any credit but no due date, an
 * implicit 100% due entry anchors it (for the defaults, and for an override seen with its
 * inherited fields).
 */
function creditTimeline(sourceOf: (field: CreditField) => AccessControlRule, implicitDue: boolean): Credit[] {
  const out: Credit[] = [];
  const earlySource = sourceOf('earlyDeadlines');
  earlyDeadlines(earlySource.rule).forEach((d, i) =>
    out.push({ kind: 'early', credit: d.credit, source: earlySource, path: [...earlySource.path, 'dateControl', 'earlyDeadlines', i, 'credit'] }),
  );
  const dueSource = sourceOf('due');
  const due = dueSource.rule.dateControl?.due;
  const lateSource = sourceOf('lateDeadlines');
  const late = lateDeadlines(lateSource.rule);
  const afterSource = sourceOf('afterLastDeadline');
  const after = afterSource.rule.dateControl?.afterLastDeadline;
  const afterCredit = after?.allowSubmissions === true ? after.credit : undefined;

  if (due !== undefined || (implicitDue && (out.length > 0 || late.length > 0 || afterCredit !== undefined))) {
    out.push({ kind: 'due', credit: due?.credit ?? 100, source: dueSource, path: [...dueSource.path, 'dateControl', 'due', 'credit'] });
  }
  late.forEach((d, i) =>
    out.push({ kind: 'late', credit: d.credit, source: lateSource, path: [...lateSource.path, 'dateControl', 'lateDeadlines', i, 'credit'] }),
  );
  if (afterCredit !== undefined) {
    out.push({ kind: 'afterLast', credit: afterCredit, source: afterSource, path: [...afterSource.path, 'dateControl', 'afterLastDeadline', 'credit'] });
  }
  return out;
}

/**
 * Each override with the fields it does not set taken from the defaults. A problem is reported
 * only when one side of it is the override's own field (the per-rule check covers the case
 * where both are), and on that field.
 */
function checkInheritedTimelines(rules: AccessControlRule[], problems: ProblemList): void {
  const defaults = rules[0];
  for (const r of rules) {
    if (r.target === 'defaults') continue;
    const sourceOf = (field: CreditField) => (r.rule.dateControl?.[field] !== undefined ? r : defaults);
    const timeline = creditTimeline(sourceOf, true);
    const own = (preferred: Credit | undefined, fallback: Credit | undefined): Credit | undefined => {
      const preferredOwn = preferred?.source === r;
      const fallbackOwn = fallback?.source === r;
      if (preferredOwn && fallbackOwn) return undefined;
      return preferredOwn ? preferred : fallbackOwn ? fallback : undefined;
    };

    const due = timeline.find((c) => c.kind === 'due');
    if (due && due.credit < 100) {
      const early = timeline.find((c) => c.kind === 'early');
      const at = own(early, due);
      if (early && at) problems.add('access-control-early-deadline-credit', EARLY_NEEDS_FULL_DUE, at.path);
    }
    for (let i = 1; i < timeline.length; i++) {
      if (timeline[i].credit < timeline[i - 1].credit) continue;
      const at = own(timeline[i], timeline[i - 1]);
      if (!at) continue;
      problems.add('access-control-credit-order', STRICTLY_DECREASE, at.path);
      break;
    }
  }
}
