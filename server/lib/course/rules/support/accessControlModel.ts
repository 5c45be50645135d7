import type { InfoEntry } from '../../course';
import type { JsonPath } from '../../jsonFile';
import type { InfoData, Report, RuleContext } from '../rule';
import type { InfoAssessmentAccessControlRule, InfoAssessmentDeadline } from '../../schemaTypes';

/**
 * Shared reading of an assessment's modern `accessControl` list, as PrairieLearn's
 * validateAccessControlRules sees it: element 0 is the defaults (applies to everyone), later
 * elements with `labels` are student-label overrides, later elements without are
 * student-specific overrides.
 */
export type AccessControlTarget = 'defaults' | 'labels' | 'students';

export interface AccessControlRule {
  rule: InfoAssessmentAccessControlRule;
  index: number;
  target: AccessControlTarget;
  /** Path of the rule object in infoAssessment.json. */
  path: JsonPath;
}

/** The `accessControl` rules of an assessment's valid data (none when it has no valid data). */
export function accessControlRules(data: InfoData['assessment'] | undefined): AccessControlRule[] {
  return (data?.accessControl ?? []).map((rule, index) => {
    const target: AccessControlTarget = index === 0 ? 'defaults' : rule.labels == null ? 'students' : 'labels';
    return { rule, index, target, path: ['accessControl', index] };
  });
}

/**
 * Milliseconds of an access-control date (`YYYY-MM-DDTHH:MM[:SS]`), NaN when it does not parse.
 * PrairieLearn compares these with `new Date(text)`, i.e. as wall-clock times of one zone; they
 * are read as UTC here so that the order never depends on the machine's time zone.
 */
export function accessControlTime(text: unknown): number {
  if (typeof text !== 'string') return NaN;
  return Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);
}

export interface Problem {
  code: string;
  message: string;
  path: JsonPath;
  part?: 'key' | 'value';
  related?: Report['related'];
}

/**
 * PrairieLearn reports each access-control message once per file. Problems with the same
 * message are reported once, at the first place, with the other places as related locations.
 */
export class ProblemList {
  private byMessage = new Map<string, Problem[]>();

  add(code: string, message: string, path: JsonPath, part: 'key' | 'value' = 'value', related?: Report['related']): void {
    const list = this.byMessage.get(message);
    const problem = { code, message, path, part, related };
    if (list) list.push(problem);
    else this.byMessage.set(message, [problem]);
  }

  report(ctx: RuleContext, entry: InfoEntry): void {
    for (const [message, [first, ...rest]] of this.byMessage) {
      ctx.report(entry, {
        code: first.code,
        message,
        path: first.path,
        part: first.part,
        related: [
          ...(first.related ?? []),
          ...rest.map((p) => ({ entry, path: p.path, part: p.part, message: 'The same problem occurs here.' })),
        ],
      });
    }
  }
}

export interface DateOrderIssue {
  /** Deadlines (release, due, early, late) or the after-completion visibility dates. */
  kind: 'deadline' | 'visibility';
  message: string;
  path: JsonPath;
}

/** Release time of a rule, or undefined when it sets none. */
export function releaseTime(rule: InfoAssessmentAccessControlRule): number | undefined {
  const date = rule.dateControl?.release?.date;
  return date ? accessControlTime(date) : undefined;
}

/** Due time of a rule, or undefined when it sets none (or sets `null`). */
export function dueTime(rule: InfoAssessmentAccessControlRule): number | undefined {
  const date = rule.dateControl?.due?.date;
  return date ? accessControlTime(date) : undefined;
}

function deadlines(rule: InfoAssessmentAccessControlRule, kind: 'earlyDeadlines' | 'lateDeadlines'): InfoAssessmentDeadline[] {
  return rule.dateControl?.[kind] ?? [];
}

export function earlyDeadlines(rule: InfoAssessmentAccessControlRule): InfoAssessmentDeadline[] {
  return deadlines(rule, 'earlyDeadlines');
}

export function lateDeadlines(rule: InfoAssessmentAccessControlRule): InfoAssessmentDeadline[] {
  return deadlines(rule, 'lateDeadlines');
}

/**
 * The date-order problems within one rule (PrairieLearn's validateRuleDateOrdering). Credit
 * checks are skipped for a rule that has any of them, so several rules need this list.
 */
export function ruleDateOrderIssues(r: AccessControlRule): DateOrderIssue[] {
  const issues: DateOrderIssue[] = [];
  const { rule } = r;
  const dc = rule.dateControl;
  const add = (kind: DateOrderIssue['kind'], message: string, ...rel: JsonPath) =>
    issues.push({ kind, message, path: [...r.path, ...rel] });

  if (dc) {
    const release = releaseTime(rule);
    const due = dueTime(rule);
    const early = earlyDeadlines(rule);
    const late = lateDeadlines(rule);
    if (release !== undefined && due !== undefined && release >= due) {
      add('deadline', 'Release date must be before due date.', 'dateControl', 'due', 'date');
    }
    if (release !== undefined) {
      early.forEach((d, i) => {
        if (accessControlTime(d.date) <= release) {
          add('deadline', `Early deadline date ${d.date} must be after the release date.`, 'dateControl', 'earlyDeadlines', i, 'date');
        }
      });
      late.forEach((d, i) => {
        if (accessControlTime(d.date) <= release) {
          add('deadline', `Late deadline date ${d.date} must be after the release date.`, 'dateControl', 'lateDeadlines', i, 'date');
        }
      });
    }
    if (due !== undefined) {
      early.forEach((d, i) => {
        if (accessControlTime(d.date) > due) {
          add('deadline', `Early deadline date ${d.date} must be on or before the due date.`, 'dateControl', 'earlyDeadlines', i, 'date');
        }
      });
      late.forEach((d, i) => {
        if (accessControlTime(d.date) < due) {
          add('deadline', `Late deadline date ${d.date} must be on or after the due date.`, 'dateControl', 'lateDeadlines', i, 'date');
        }
      });
    }
    const firstOutOfOrder = (list: InfoAssessmentDeadline[]) =>
      list.findIndex((d, i) => i > 0 && accessControlTime(d.date) < accessControlTime(list[i - 1].date));
    const earlyBack = firstOutOfOrder(early);
    if (earlyBack > 0) add('deadline', 'Early deadlines must be in chronological order.', 'dateControl', 'earlyDeadlines', earlyBack, 'date');
    const lateBack = firstOutOfOrder(late);
    if (lateBack > 0) add('deadline', 'Late deadlines must be in chronological order.', 'dateControl', 'lateDeadlines', lateBack, 'date');
  }

  const questions = rule.afterComplete?.questions;
  const from = questions?.visibleFromDate;
  const until = questions?.visibleUntilDate;
  if (from && until && accessControlTime(from) >= accessControlTime(until)) {
    add('visibility', 'visibleFromDate must be before visibleUntilDate.', 'afterComplete', 'questions', 'visibleUntilDate');
  }
  const late = lateDeadlines(rule);
  const lastDeadline = !dc ? undefined : late.length > 0 ? accessControlTime(late[late.length - 1].date) : dueTime(rule);
  if (lastDeadline !== undefined) {
    if (from && accessControlTime(from) <= lastDeadline) {
      add('visibility', 'Show questions again date must be after the last deadline.', 'afterComplete', 'questions', 'visibleFromDate');
    }
    const scoreFrom = rule.afterComplete?.score?.visibleFromDate;
    if (scoreFrom && accessControlTime(scoreFrom) <= lastDeadline) {
      add('visibility', 'Show score again date must be after the last deadline.', 'afterComplete', 'score', 'visibleFromDate');
    }
  }
  return issues;
}
