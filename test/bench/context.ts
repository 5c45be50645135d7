import type { SyntheticCourse } from './syntheticCourse';
import type { Row } from './table';

/** What every section gets: the courses written for this run, and the figures measured so far. */
export interface BenchContext {
  repo: string;
  /** 10,000 questions, 200 assessments. */
  big: SyntheticCourse;
  /** 100 questions, 2 assessments: the baseline for per-edit latency. */
  small: SyntheticCourse;
  /** Figures later sections compare with, by name (for example `floor.cpu`). */
  baselines: Map<string, number>;
  add(row: Row): void;
}

/**
 * One part of the bench. Sections run in order; later issues add theirs (question.html checks,
 * the reference server) by writing a module under sections/ and listing it in run.ts.
 */
export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<void> | void;
}
