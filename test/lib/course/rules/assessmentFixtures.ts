// Shared fixtures for the infoAssessment.json rule tests: one course instance, one assessment and
// a few questions, checked at a fixed "now".
import { randomUUID } from 'node:crypto';
import { checkCourseFiles, withCode, type CourseFiles, type FoundDiagnostic } from '../../../helpers/course';

export const NOW = new Date('2026-06-01T12:00:00Z');
export const CI_PATH = 'courseInstances/Sp26/infoCourseInstance.json';
export const ASSESSMENT_PATH = 'courseInstances/Sp26/assessments/hw1/infoAssessment.json';

/** Published from January to December 2026, so not expired at NOW. */
export const activeInstance = (extra: object = {}) => ({
  uuid: randomUUID(),
  longName: 'Spring 2026',
  publishing: { startDate: '2026-01-01T00:00:00', endDate: '2026-12-31T23:59:59' },
  ...extra,
});

/** Its publishing ended in 2025, so it is expired at NOW. */
export const expiredInstance = () => activeInstance({ publishing: { startDate: '2025-01-01T00:00:00', endDate: '2025-05-31T23:59:59' } });

export const question = (extra: object = {}) => ({ uuid: randomUUID(), type: 'v3', title: 'Q', topic: 'Basics', ...extra });

export const homework = (extra: object = {}) => ({
  uuid: randomUUID(),
  type: 'Homework',
  title: 'Homework 1',
  set: 'Homework',
  number: '1',
  ...extra,
});

export const exam = (extra: object = {}) => homework({ type: 'Exam', title: 'Exam 1', set: 'Exam', ...extra });

export interface FixtureOptions {
  instance?: object;
  /** QIDs of plain questions, or QID → info.json content. */
  questions?: string[] | Record<string, object>;
  extraFiles?: CourseFiles;
}

/** Checks a course holding `assessment` (at ASSESSMENT_PATH) at NOW. */
export function checkAssessment(assessment: object, options: FixtureOptions = {}): FoundDiagnostic[] {
  const questions = options.questions ?? ['q1', 'q2', 'q3', 'q4'];
  const files: CourseFiles = { [CI_PATH]: options.instance ?? activeInstance(), [ASSESSMENT_PATH]: assessment };
  if (Array.isArray(questions)) for (const qid of questions) files[`questions/${qid}/info.json`] = question();
  else for (const [qid, info] of Object.entries(questions)) files[`questions/${qid}/info.json`] = info;
  return checkCourseFiles({ ...files, ...options.extraFiles }, { now: NOW });
}

/** Diagnostics with any of `codes`. */
export function withCodes(diagnostics: FoundDiagnostic[], codes: string[]): FoundDiagnostic[] {
  return diagnostics.filter((d) => codes.includes(d.code));
}

/** 1-based line of the n-th occurrence of `needle` in the file the helper writes for `value`. */
export function lineOf(value: object, needle: string, occurrence = 1): number {
  const text = JSON.stringify(value, null, 2);
  let at = -1;
  for (let i = 0; i < occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${needle} not found`);
  }
  return text.slice(0, at).split('\n').length;
}

export { withCode };
