import * as nodePath from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { checkQuestionFileAfresh, type QuestionFileRun } from '../course/checkCourse';
import { nodeCourseReader } from '../course/courseReader';
import { QUESTION_FILE_CHECKERS } from '../course/rules';
import type { QuestionFileResults, Request } from './questionFileThread';

// Apart from QuestionFileThread, so that pl-check can start the thread before it loads the checkers.
/** The thread's side: checks each question folder handed over with every question file checker. */
export function serveQuestionFiles(port: MessagePort): void {
  const reader = nodeCourseReader;
  let runs: QuestionFileRun[] = [];
  let results: QuestionFileResults = { found: 0, files: [] };
  port.on('message', (request: Request) => {
    if (request.type === 'course') {
      runs = QUESTION_FILE_CHECKERS.map((checker) => checker.begin(request.root, reader, true));
      results = { found: 0, files: [] };
    } else if (request.type === 'questions') {
      for (const dir of request.dirs) {
        for (let c = 0; c < runs.length; c++) {
          const path = dir + nodePath.sep + QUESTION_FILE_CHECKERS[c].fileName;
          const checked = checkQuestionFileAfresh(c, runs[c], reader, dir, path);
          if (!checked) continue;
          results.found++;
          if (checked.diagnostics.length > 0) results.files.push({ path, ...checked });
        }
      }
    } else {
      port.postMessage(results);
    }
  });
}
