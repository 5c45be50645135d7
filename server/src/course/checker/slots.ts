import type { InfoEntry } from '../course';
import type { JsonFile } from '../jsonFile';
import type { InfoFileResult } from './infoFilePipeline';
import type { QuestionFileState } from './questionFileStore';

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

/**
 * The few items of many that have something to report, listed in course order. The order is
 * sorted again only when the set changes, so listing costs in proportion to the items, not the course.
 */
export class ReportOrder<T extends { index: number }> {
  private readonly items = new Set<T>();
  private ordered: T[] | undefined = [];

  set(item: T, reports: boolean): void {
    if (reports === this.items.has(item)) return;
    if (reports) this.items.add(item);
    else this.items.delete(item);
    this.ordered = undefined;
  }

  clear(): void {
    this.items.clear();
    this.ordered = [];
  }

  list(): T[] {
    return (this.ordered ??= [...this.items].sort((a, b) => a.index - b.index));
  }
}
