import { CourseChecker } from '../../../lib/course';

/**
 * The checks a sync of one course runs; one set per course, kept between its syncs. Only the info files,
 * as PrairieLearn's sync: it never reads question.html, whose findings the editor shows where they are.
 */
export interface SyncChecks {
  /** What decides the sync's status and output, as PrairieLearn's. */
  status: CourseChecker;
}

export function newSyncChecks(): SyncChecks {
  return { status: new CourseChecker() };
}
