import { checkCourseFiles, type CourseFiles, type FoundDiagnostic } from '../../../helpers/course';
import type { CheckOptions } from '../../../../server/lib/questionHtml/courseChecks';

/** Fixtures shared by the accessControl and course-instance rule tests. */
export const CI_PATH = 'courseInstances/Fa26/infoCourseInstance.json';
export const HW_PATH = 'courseInstances/Fa26/assessments/hw1/infoAssessment.json';

/** A distinct valid UUID per number. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function courseInstance(extra: object = {}): object {
  return { uuid: uuid(9001), longName: 'Fall 2026', ...extra };
}

export function assessment(extra: object = {}): object {
  return { uuid: uuid(9002), type: 'Homework', title: 'Homework 1', set: 'Homework', number: '1', ...extra };
}

/** Checks a course whose one assessment has `accessControl`; the course instance may be customised. */
export function checkAccessControl(accessControl: object[], ciExtra: object = {}, options: CheckOptions = {}): FoundDiagnostic[] {
  return checkCourseFiles({ [CI_PATH]: courseInstance(ciExtra), [HW_PATH]: assessment({ accessControl }) }, options);
}

/** Checks a course with one course instance and the given extra files. */
export function checkCourseInstance(ci: object, options: CheckOptions = {}, files: CourseFiles = {}): FoundDiagnostic[] {
  return checkCourseFiles({ [CI_PATH]: ci, ...files }, options);
}

/** Diagnostics whose code starts with the prefix, for asserting that nothing else fired. */
export function codesStartingWith(diagnostics: FoundDiagnostic[], prefix: string): string[] {
  return diagnostics.filter((d) => d.code.startsWith(prefix)).map((d) => d.code);
}

/** 1-based line of the `nth` line containing `needle` in `value` as the helpers write it. */
export function lineOf(value: object, needle: string, nth = 1): number {
  const lines = JSON.stringify(value, null, 2).split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].includes(needle) && ++seen === nth) return i + 1;
  }
  throw new Error(`${needle} not found`);
}

/** The assessment file `checkAccessControl` writes, for computing expected lines. */
export function accessControlFile(accessControl: object[]): object {
  return assessment({ accessControl });
}
