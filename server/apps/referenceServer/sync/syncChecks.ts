import { CourseChecker, type QuestionFileChecker } from '../../../lib/course';
import { questionFileCheckers } from '../../../lib/questionHtml';

/** The checks a sync of one course runs; one set per course, kept between its syncs. */
export interface SyncChecks {
  /** What decides the sync's status, as PrairieLearn's: the info files only. */
  status: CourseChecker;
  /** The editor's checks of question.html, listed after PrairieLearn's output and never changing the status. */
  questionFiles: readonly QuestionFileChecker[];
}

export function newSyncChecks(): SyncChecks {
  return { status: new CourseChecker(), questionFiles: questionFileCheckers() };
}
