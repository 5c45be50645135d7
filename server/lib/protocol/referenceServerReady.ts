// What the reference server tells the process that started it, over the IPC channel of a fork (the extension's
// Start Local Reference Server), once it serves: where it is, how to sign in, and the course. Types only, so that
// the extension can import it with `import type`; the server prints the same facts for people as well.

export interface ReferenceServerReady {
  type: 'prairielearn.referenceServer.ready';
  /** Scheme, host and port, e.g. `http://127.0.0.1:41234` (the API is under `/pl/api/v1`). */
  serverUrl: string;
  /** The first demo instructor's token; null once the demo tokens have been revoked. */
  token: string | null;
  courseId: string;
  /** The course's instances, oldest first. */
  courseInstances: { id: string; shortName: string }[];
}

/**
 * Sent while the server writes the demo data, after it answers. First (`stage: 'submissions'`) after each
 * assessment whose students' submissions it wrote, then after each question whose sample answers it put
 * in them, and once at the end of each (`finished`), with the questions left without samples and why it
 * stopped early.
 */
export interface ReferenceServerSamples {
  type: 'prairielearn.referenceServer.samples';
  /** 'submissions': counts assessments whose submissions are written; absent: questions given sample answers. */
  stage?: 'submissions';
  done: number;
  total: number;
  finished: boolean;
  /** Questions without sample answers so far. */
  without: number;
  /** Why the samples stopped early (Python cannot run), once finished. */
  problem?: string;
}
