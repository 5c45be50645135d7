import type { InfoEntry } from '../course';
import type { CourseDiagnostic } from '../diagnostic';
import type { JsonFile } from '../jsonFile';
import type { InfoFileResult } from './infoFilePipeline';

/** An entry's place in the last pass: its own result and its number, for the course rules' bookkeeping. */
export interface Slot {
  entry: InfoEntry;
  index: number;
  /** The info file `result` is for. */
  file: JsonFile | undefined;
  result: InfoFileResult;
  /** A question's question files. */
  questionFiles?: QuestionFileSlot[];
  /** A course rule found an error in it during the current pass. */
  invalid: boolean;
}

/** A question file of one question in the last pass. */
export interface QuestionFileSlot {
  path: string;
  /** Its place in the report: after the files of earlier questions and the earlier checkers' files. */
  index: number;
  state?: QuestionFileState;
}

/** A question file as last read and checked. */
export interface QuestionFileState {
  /** '' when the file could not be read (`readError`). */
  text: string;
  readError?: string;
  /** Made when first needed; not kept by a pass that does not `keep`. */
  prepared?: unknown;
  /** The diagnostics and what they were computed with (current while the key and disk generation are the same). */
  diagnostics?: CourseDiagnostic[];
  key?: string;
  diskGeneration?: number;
  /** The number of the sweep that last found the file. */
  foundInSweep: number;
}
