import { Worker } from 'node:worker_threads';
import type { CourseDiagnostic } from '../../lib/course';

/** The question files of one course, checked: how many there were, and those with diagnostics. */
export interface QuestionFileResults {
  found: number;
  files: { path: string; text: string; diagnostics: CourseDiagnostic[] }[];
}

/** Where the thread's code is: a script's path, or the code itself. */
export type QuestionFileScript = string | { code: string };

export type Request = { type: 'course'; root: string } | { type: 'questions'; dirs: string[] } | { type: 'end'; last: boolean };

/** Questions handed over at a time: few messages, yet the thread starts soon after the first question is found. */
const BATCH = 256;

/**
 * pl-check's second thread. It checks the question files (question.html) of a course while the
 * main thread reads and checks the info files: the two halves of the work take about as long,
 * so on a machine with two cores or more a check takes little more than the longer half. Questions
 * are handed over in batches as `loadCourse` finds them; the results come back at `endCourse`.
 */
export class QuestionFileThread {
  private readonly worker: Worker;
  private readonly waiting: { resolve: (r: QuestionFileResults) => void; reject: (err: Error) => void }[] = [];
  private batch: string[] = [];
  private failure: Error | undefined;

  /** `script` runs `serveQuestionFiles` (questionFileServer.ts) when it is not the main thread (pl-check's own bundle does). */
  constructor(script: QuestionFileScript) {
    this.worker = typeof script === 'string' ? new Worker(script) : new Worker(script.code, { eval: true });
    this.worker.on('message', (results: QuestionFileResults) => this.waiting.shift()?.resolve(results));
    this.worker.on('error', (err) => this.fail(err));
    // Node delivers what the thread posted before 'exit': a course still waiting then was never answered.
    this.worker.on('exit', (code) => this.fail(new Error(`the question file thread stopped (exit code ${code})`)));
  }

  startCourse(root: string): void {
    this.post({ type: 'course', root });
  }

  addQuestion(dir: string): void {
    this.batch.push(dir);
    if (this.batch.length >= BATCH) this.flush();
  }

  /**
   * The results of the course begun last. After the `last` course the thread stops as soon as it
   * has answered, so that it is gone by the time the output is written rather than stopped after.
   */
  endCourse(last = false): Promise<QuestionFileResults> {
    this.flush();
    this.post({ type: 'end', last });
    return new Promise((resolve, reject) => {
      if (this.failure) reject(this.failure);
      else this.waiting.push({ resolve, reject });
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  /** Hands over the questions added since the last batch: once a course's questions are all found, the thread need not wait for `endCourse`. */
  flush(): void {
    if (this.batch.length === 0) return;
    this.post({ type: 'questions', dirs: this.batch });
    this.batch = [];
  }

  private post(request: Request): void {
    if (!this.failure) this.worker.postMessage(request);
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }
}
