import * as nodePath from 'node:path';
import { isMainThread, type MessagePort } from 'node:worker_threads';
import { checkQuestionFileAfresh, nodeCourseReader, type QuestionFileRun } from '../../lib/course';
import { questionFileCheckers } from '../../lib/questionHtml';
import type { QuestionFileResults, Request } from './questionFileThread';

// Apart from QuestionFileThread, so that pl-check can start the thread before it loads the checkers.
/** The thread's side: checks each question folder handed over with every question file checker. */
export function serveQuestionFiles(port: MessagePort): void {
  const reader = nodeCourseReader;
  // pl-check's checks of question files, composed here as on the main thread.
  const checkers = questionFileCheckers();
  let runs: QuestionFileRun[] = [];
  let results: QuestionFileResults = { found: 0, files: [] };
  port.on('message', (request: Request) => {
    if (request.type === 'course') {
      runs = checkers.map((checker) => checker.begin(request.root, reader, false));
      results = { found: 0, files: [] };
    } else if (request.type === 'questions') {
      for (const dir of request.dirs) {
        for (let c = 0; c < runs.length; c++) {
          const path = dir + nodePath.sep + checkers[c].fileName;
          const checked = checkQuestionFileAfresh({ checker: checkers[c], run: runs[c], reader, questionDir: dir, path });
          if (!checked) continue;
          results.found++;
          if (checked.diagnostics.length > 0) results.files.push({ path, ...checked });
        }
      }
    } else {
      port.postMessage(results);
      // In a worker this ends the thread only; what was posted is still delivered.
      if (request.last && !isMainThread) process.exit(0);
    }
  });
}
