import type { QuestionFileChecker } from '../course';
import { questionHtmlChecker, ServerPyCache } from './questionFileChecker';

// Apart from courseChecks.ts so that pl-check's second thread, which checks only question files,
// does not load the info-file checker and its schemas.

/**
 * The checks of question files that the editor and pl-check add to the info files' (the reference
 * server's sync lists them apart). `serverPy`: the course's cache of scanned server.py files.
 */
export function questionFileCheckers(serverPy = new ServerPyCache()): QuestionFileChecker[] {
  return [questionHtmlChecker(serverPy)];
}
