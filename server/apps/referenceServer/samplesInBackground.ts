// What a running server writes after it answers, told to whoever watches: the demo students and their
// submissions (seed/seed.ts), then their sample answers (seed/fillSamples.ts); lines in the log, and, when
// the extension started the server, progress messages over the IPC channel for its status item.
import type { Database } from './db/database';
import { fillSamples } from './seed/fillSamples';
import { seedHistory, type SeedOptions } from './seed/seed';
import type { ReferenceServerSamples } from '../../lib/protocol';

/** Lines at most this often while filling (and always the last), so that a large course does not flood the log. */
const LOG_EVERY_MS = 2000;

const send = (m: Omit<ReferenceServerSamples, 'type'>) => process.send?.({ type: 'prairielearn.referenceServer.samples', ...m }, undefined, {}, () => undefined);

/** The demo submissions, assessment by assessment, then their sample answers; never before the server answers. */
export async function demoDataInBackground(db: Database, courseId: string, options: SeedOptions, signal: AbortSignal): Promise<void> {
  let logged = 0;
  try {
    const seeded = await seedHistory(db, courseId, options, {
      signal,
      onProgress: ({ done, total }) => {
        if (done === 1) console.log(`demo submissions: writing them for ${total} assessments in the background (the server answers meanwhile)`);
        if (done === total || performance.now() - logged > LOG_EVERY_MS) {
          logged = performance.now();
          console.log(`demo submissions: ${done}/${total} assessments`);
        }
        send({ stage: 'submissions', done, total, without: 0, finished: false });
      },
    });
    if (signal.aborted) return;
    // Also when there was nothing to write (a later start): whoever waits for the submissions learns they exist.
    send({ stage: 'submissions', done: seeded.done, total: seeded.total, without: 0, finished: true });
  } catch (err) {
    // A database closed by a stop, or a failed write: the server keeps answering, with fewer demo submissions.
    if (!signal.aborted) console.warn(`warning: demo submissions stopped: ${(err as Error).message}`);
    return;
  }
  await reportSamples(db, courseId, signal);
}

async function reportSamples(db: Database, courseId: string, signal: AbortSignal): Promise<void> {
  let logged = 0;
  let without = 0;
  try {
    const result = await fillSamples(db, courseId, {
      signal,
      onProgress: ({ done, total, qid, note }) => {
        if (note) {
          without++;
          console.log(`sample answers: ${qid} has none: ${note}`);
        }
        if (done === 1) console.log(`sample answers: making them for ${total} questions in the background (the server answers meanwhile)`);
        if (done === total || performance.now() - logged > LOG_EVERY_MS) {
          logged = performance.now();
          console.log(`sample answers: ${done}/${total} questions`);
        }
        send({ done, total, without, finished: false });
      },
    });
    if (signal.aborted) return;
    if (result.problem) {
      console.warn(`warning: the demo submissions have no answers: ${result.problem} (the server runs as usual; the next start tries again)`);
    } else if (result.total > 0) {
      console.log(`sample answers: done, ${result.total - result.without.length} of ${result.total} questions have them`);
    }
    send({ done: result.done, total: result.total, without: result.without.length, finished: true, ...(result.problem ? { problem: result.problem } : {}) });
  } catch (err) {
    // A database closed by a stop, or a failed write: the server keeps answering, with fewer sample answers.
    if (!signal.aborted) console.warn(`warning: sample answers stopped: ${(err as Error).message}`);
  }
}
