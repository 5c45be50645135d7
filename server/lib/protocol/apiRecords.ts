// The TypeScript types of the instructor API's JSON bodies, derived from the field tables in apiFields.ts so that
// the keys and their types are written once. Types only: the extension imports this with `import type`.
import type * as F from './apiFields';

interface JsonTypes {
  id: string;
  str: string;
  int: number;
  num: number;
  bool: boolean;
  strs: string[];
  obj: Record<string, unknown>;
  arr: unknown[];
  date1: string;
  date2: string;
  date3: string;
  null: null;
}

type ValueOf<S> = S extends `${infer T extends keyof JsonTypes}?` ? JsonTypes[T] | null : S extends keyof JsonTypes ? JsonTypes[S] : never;

/** The object a field table describes. */
export type RecordOf<L extends F.FieldList> = { -readonly [E in L[number] as E[0]]: ValueOf<E[1]> };

export type Id = string;

export type CourseInstanceInfo = RecordOf<typeof F.COURSE_INSTANCE_INFO>;
export type CourseInstanceAccessRule = RecordOf<typeof F.COURSE_INSTANCE_ACCESS_RULE>;
export type Assessment = RecordOf<typeof F.ASSESSMENT>;
export type AssessmentAccessRule = RecordOf<typeof F.ASSESSMENT_ACCESS_RULE>;
export type AssessmentInstance = RecordOf<typeof F.ASSESSMENT_INSTANCE>;
export type InstanceQuestion = RecordOf<typeof F.INSTANCE_QUESTION>;
export type Submission = RecordOf<typeof F.SUBMISSION>;
export type LogEvent = RecordOf<typeof F.LOG_EVENT>;
/** One assessment's cell in a gradebook row. */
export type GradebookCell = RecordOf<typeof F.GRADEBOOK_CELL>;
/** One user of the gradebook with a cell per assessment. */
export type GradebookUser = Omit<RecordOf<typeof F.GRADEBOOK_USER>, 'assessments'> & { assessments: GradebookCell[] };
export type SyncStarted = RecordOf<typeof F.SYNC_START>;
/** `Running` until the job ends; real PrairieLearn keeps `output` null until then. */
export type SyncJob = RecordOf<typeof F.SYNC_STATUS>;
