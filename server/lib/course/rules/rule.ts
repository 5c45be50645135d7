import type { Course, InfoEntry, InfoKind } from '../course';
import type { CodeInfo, CourseDiagnostic, RelatedLocation } from '../diagnostic';
import type { JsonPath } from '../jsonFile';
import type { CourseReader } from '../courseReader';
import type { InfoAssessmentData, InfoCourseData, InfoCourseInstanceData, InfoQuestionData } from '../schemaTypes';

export type { CodeInfo } from '../diagnostic';

export interface Report {
  code: string;
  message: string;
  /** Where in the file; the tightest node is found from it. Omitted for whole-file problems. */
  path?: JsonPath;
  /** Mark the property key instead of its value. */
  part?: 'key' | 'value';
  related?: { entry: InfoEntry; path?: JsonPath; part?: 'key' | 'value'; message: string }[];
  data?: Record<string, unknown>;
}

/** The content of each kind of info file once it passed its schema (types made from the schemas). */
export interface InfoData {
  course: InfoCourseData;
  question: InfoQuestionData;
  courseInstance: InfoCourseInstanceData;
  assessment: InfoAssessmentData;
}

export interface RuleContext {
  course: Course;
  /** "Now", injectable so that date-dependent rules are testable. */
  now: Date;
  reader: CourseReader;
  /**
   * Parsed content of an entry that passed JSON, UUID and schema checks, else undefined. `kind` is
   * the kind the caller expects: an entry of another kind gives undefined, so the type is earned.
   */
  validData<K extends InfoKind>(entry: InfoEntry, kind: K): InfoData[K] | undefined;
  /** The UUID PrairieLearn records for an entry: also set when the file failed its schema. */
  uuidOf(entry: InfoEntry): string | undefined;
  /** True when the entry has at least one error of its own (what PrairieLearn calls invalid). */
  hasErrors(entry: InfoEntry): boolean;
  report(entry: InfoEntry, report: Report): void;
}

/**
 * A rule that looks only at one valid file (and the clock). Its results are cached per file text,
 * so an edit re-runs it for the edited file alone.
 */
export interface FileRule<K extends InfoKind = InfoKind> {
  name: string;
  scope: 'file';
  kinds: K[];
  codes: Record<string, CodeInfo>;
  /** `data` passed the schema of its kind (`kinds` says which files the checker hands it). */
  check(entry: InfoEntry, data: InfoData[K], ctx: RuleContext): void;
}

/**
 * A rule that looks across files; it must be linear in the course size. The checker runs it again
 * only when an entry it read (through the context) changed, and replays its reports otherwise.
 */
export interface CourseRule {
  name: string;
  scope: 'course';
  codes: Record<string, CodeInfo>;
  /**
   * Set when what the rule reports on a question, course instance or assessment depends only on that
   * entry, infoCourse.json and the disk, and it reports each problem on the entry it is about, in
   * course order. After an edit of such entries the checker then runs it over those entries alone.
   */
  perEntry?: true;
  /**
   * Set by a rule that keeps its own index of the course between checks, so that an edit costs it
   * work in proportion to what changed rather than to the course. See `IncrementalCheck`.
   */
  incremental?(): IncrementalCheck;
  check(ctx: RuleContext): void;
}

/**
 * A course rule's state over the checks of one course (the checker starts a new one for a new
 * course model). Its first `update` indexes the whole course; each later one gets the entries
 * whose data, UUID or error state changed since the previous call. Every call reports all of the
 * rule's problems, in the order `check` would. It must not read the clock or the disk; a Report
 * object handed again keeps the diagnostic made from it, so it may be handed again only while
 * none of the entries it names changed.
 */
export interface IncrementalCheck {
  update(ctx: RuleContext, changed: Iterable<InfoEntry>): void;
}

export type Rule = FileRule | CourseRule;

/**
 * What `validData` answers, given what the checker kept of an entry: that data passed the schema of
 * the entry's own kind, so it has the type of that kind, and none other.
 */
export function validDataOfKind<K extends InfoKind>(entry: InfoEntry, kind: K, data: unknown): InfoData[K] | undefined {
  return entry.kind === kind ? (data as InfoData[K] | undefined) : undefined;
}

export function relatedLocation(entry: InfoEntry, path: JsonPath | undefined, part: 'key' | 'value', message: string): RelatedLocation {
  return { file: entry.path, range: entry.file && path ? entry.file.rangeOf(path, part) : { start: 0, end: 0 }, message };
}

export type { CourseDiagnostic };
