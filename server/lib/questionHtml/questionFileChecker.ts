import * as nodePath from 'node:path';
import type { QuestionFileChecker, CourseReader } from '../course';
import {
  checkTemplate, courseElementsKey, DEPRECATION_SUMMARY, prepareTemplate, templateCodes, type PreparedTemplate,
} from './checkTemplate';
import { readCourseElements, type CourseElements } from './courseElements';
import { questionContext } from './questionContext';
import { readServerPyText, scanServerPy, type ServerPyNames } from './serverPy';

/** The course's own elements (elements/) and element extensions (elementExtensions/). */
export function courseElementNames(courseRoot: string, reader: CourseReader): CourseElements {
  return readCourseElements(courseRoot, reader);
}

/**
 * server.py of each question, scanned; the scan is kept, keyed on the file's path and checked against
 * its text, unless `keep` is false, and dropped when the file is gone. One per course (its state owns it).
 */
export class ServerPyCache {
  private readonly byPath = new Map<string, { text: string; names: ServerPyNames }>();

  names(questionDir: string, reader: CourseReader, keep = true): ServerPyNames | undefined {
    const path = questionDir + nodePath.sep + 'server.py';
    const text = readServerPyText(questionDir, reader);
    if (text === undefined) {
      this.byPath.delete(path);
      return undefined;
    }
    if (!keep) return scanServerPy(text);
    let cached = this.byPath.get(path);
    if (cached?.text !== text) {
      cached = { text, names: scanServerPy(text) };
      this.byPath.set(path, cached);
    }
    return cached.names;
  }
}

/** question.html of every question, checked with the course checker; `serverPy` is the course's cache of scans. */
export function questionHtmlChecker(serverPy: ServerPyCache): QuestionFileChecker<PreparedTemplate> {
  return {
    fileName: 'question.html',
    codes: templateCodes(),
    summary: DEPRECATION_SUMMARY,
    prepare: prepareTemplate,
    unreadable: (code) => ({
      code: 'question-html-skipped',
      // An errno code (EACCES) is a file PrairieLearn cannot read either; otherwise the reader says why it skipped the file.
      message: /^E[A-Z]+$/.test(code)
        ? `question.html is not checked: it cannot be read (${code}), so PrairieLearn cannot render the question either. Fix its permissions.`
        : `question.html is not checked: it is ${code}.`,
      start: 0,
      end: 0,
    }),
    begin(courseRoot, reader, keep) {
      const courseElements = courseElementNames(courseRoot, reader);
      const options = { courseElements, serverPy: (questionDir: string) => serverPy.names(questionDir, reader, keep) };
      return {
        // Besides the question's own files, the checks depend only on these.
        key: `${courseRoot}\n${courseElementsKey(courseElements)}`,
        check: (prepared, questionDir) => checkTemplate(prepared, courseElements, questionContext(courseRoot, questionDir, reader, options)),
      };
    },
  };
}
