import * as nodePath from 'node:path';
import type { CodeInfo, CourseReader, QuestionFileChecker, QuestionFileReport } from '../course';
import { analyze } from './analysis';
import { CourseElements, questionContext, readCourseElements, type QuestionContext } from './questionContext';
import { TEMPLATE_RULES } from './rules';
import type { CourseTemplateRule } from './rules/rule';
import { readServerPyText, scanServerPy, type ServerPyNames } from './serverPy';
import { parseTemplate } from './template';

// question.html in the course checker: what runs the rules on a template, and the question-file
// checker that hands them each question's template. Apart from courseChecks.ts so that pl-check's
// second thread, which checks only question files, does not load the info-file checker and its schemas.

function extensionsOf(courseElements: ReadonlySet<string>): Iterable<[string, Set<string>]> {
  return courseElements instanceof CourseElements ? [...courseElements.extensions].sort(([a], [b]) => (a < b ? -1 : 1)) : [];
}

/** Templates above this size are not checked (PrairieLearn templates are a few kilobytes). */
export const MAX_TEMPLATE_CHARS = 5_000_000;

export const CHECKER_CODES: Record<string, CodeInfo> = {
  'question-html-skipped': { severity: 'warning', description: 'question.html is unreadable, binary or too large to check.' },
  'deprecated-uses': { severity: 'information', description: 'How many deprecated elements, attributes and values the course\'s question.html files use (one note per course on infoCourse.json; its quick fix migrates those with a safe rewrite).' },
};

/** The course note that counts the deprecation hints (QuestionFileChecker.summary). */
export const DEPRECATION_SUMMARY = {
  code: 'deprecated-uses',
  counts: (code: string) => code === 'deprecated-element' || code === 'deprecated-attribute' || code === 'deprecated-attribute-value',
  message: (uses: number, files: number) =>
    `${uses} ${uses === 1 ? 'use' : 'uses'} of deprecated element features in ${files} ${files === 1 ? 'question' : 'questions'} (each is a hint, struck through at its use). They still work; the quick fix migrates every one that has a safe rewrite.`,
};

/** Every code the question.html checks can report, with its severity. */
export function templateCodes(): Record<string, CodeInfo> {
  const out: Record<string, CodeInfo> = { ...CHECKER_CODES };
  for (const rule of TEMPLATE_RULES) Object.assign(out, rule.codes);
  return out;
}

/**
 * A template's text and the results that depend on nothing else; cache it by text. The parsed
 * template is not kept: only what the course rules need from it (a course holds thousands).
 */
export interface PreparedTemplate {
  text: string;
  skipped?: QuestionFileReport;
  /**
   * Results of the template-only rules, for the course elements they were computed with, and what
   * each course rule with something to look at collected from the template.
   */
  memo?: { elementsKey: string; reports: QuestionFileReport[]; course: { rule: CourseTemplateRule; input: unknown }[] };
}

export function prepareTemplate(text: string): PreparedTemplate {
  if (text.length > MAX_TEMPLATE_CHARS) {
    return { text, skipped: { code: 'question-html-skipped', message: `question.html is not checked: it has ${text.length} characters (the limit is ${MAX_TEMPLATE_CHARS}).`, start: 0, end: 0 } };
  }
  // A NUL character never occurs in a real template: the file is binary (or in UTF-16).
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    return { text, skipped: { code: 'question-html-skipped', message: 'question.html is not checked: it holds binary data (NUL characters). Save it as UTF-8 text.', start: 0, end: 0 } };
  }
  return { text };
}

/**
 * Runs every rule; the template-only part is reused while the course's element names stay the
 * same. `courseElements` are those the template-only results are kept for (the context's, when it has them).
 */
export function checkTemplate(prepared: PreparedTemplate, courseElements: ReadonlySet<string>, context: QuestionContext): QuestionFileReport[] {
  if (prepared.skipped) return [prepared.skipped];
  const elementsKey = courseElementsKey(courseElements);
  if (!prepared.memo || prepared.memo.elementsKey !== elementsKey) {
    const analysis = analyze(parseTemplate(prepared.text), courseElements);
    const reports: QuestionFileReport[] = [];
    const add = (r: QuestionFileReport) => reports.push(r);
    const course: { rule: CourseTemplateRule; input: unknown }[] = [];
    for (const rule of TEMPLATE_RULES) {
      if (rule.needs === 'template') rule.check(analysis, context, add);
      else {
        const input = rule.collect(analysis);
        if (input !== undefined) course.push({ rule, input });
      }
    }
    prepared.memo = { elementsKey, reports, course };
  }
  const { memo } = prepared;
  if (memo.course.length === 0) return memo.reports;
  const out = [...memo.reports];
  const add = (r: QuestionFileReport) => out.push(r);
  for (const { rule, input } of memo.course) rule.check(input, context, add);
  return out;
}

const keys = new WeakMap<ReadonlySet<string>, string>();
/** The course elements as a string, computed once per set (one set serves a whole check). */
export function courseElementsKey(courseElements: ReadonlySet<string>): string {
  let key = keys.get(courseElements);
  if (key === undefined) {
    key = [...courseElements].sort().join('\n');
    for (const [element, names] of extensionsOf(courseElements)) key += `\n${element} extended by ${[...names].sort().join(' ')}`;
    keys.set(courseElements, key);
  }
  return key;
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
      const courseElements = readCourseElements(courseRoot, reader);
      const options = { courseElements, serverPy: (questionDir: string) => serverPy.names(questionDir, reader, keep) };
      return {
        // Besides the question's own files, the checks depend only on these.
        key: `${courseRoot}\n${courseElementsKey(courseElements)}`,
        check: (prepared, questionDir) => checkTemplate(prepared, courseElements, questionContext(courseRoot, questionDir, reader, options)),
      };
    },
  };
}

/**
 * The checks of question files that the editor and pl-check add to the info files' (the reference
 * server's sync lists them apart). `serverPy`: the course's cache of scanned server.py files.
 */
export function questionFileCheckers(serverPy = new ServerPyCache()): QuestionFileChecker[] {
  return [questionHtmlChecker(serverPy)];
}
