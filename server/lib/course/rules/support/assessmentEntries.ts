import type { InfoEntry } from '../../course';
import { isCourseInstanceExpired } from './courseInstanceAccess';
import type { InfoData, RuleContext } from '../rule';

export interface ValidAssessment {
  entry: InfoEntry;
  /** The parsed file, which passed JSON, UUID and schema checks. */
  data: InfoData['assessment'];
}

/** Every assessment of the course whose file passed JSON, UUID and schema checks. */
export function* validAssessments(ctx: RuleContext): Iterable<ValidAssessment> {
  for (const ci of ctx.course.courseInstances.values()) {
    for (const entry of ci.assessments.values()) {
      const data = ctx.validData(entry, 'assessment');
      if (data) yield { entry, data };
    }
  }
}

/**
 * The valid assessments of course instances that are not expired at `ctx.now`. PrairieLearn keeps
 * some warnings (and a few errors) to these, sparing courses nobody will touch again.
 */
export function* activeAssessments(ctx: RuleContext): Iterable<ValidAssessment> {
  for (const ci of ctx.course.courseInstances.values()) {
    if (isCourseInstanceExpired(ctx.validData(ci.entry, 'courseInstance'), ctx.now)) continue;
    for (const entry of ci.assessments.values()) {
      const data = ctx.validData(entry, 'assessment');
      if (data) yield { entry, data };
    }
  }
}
