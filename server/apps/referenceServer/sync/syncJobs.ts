import type { Database } from '../db/database';
import { redBright } from './ansi';
import { headCommit, updateFromRemote } from './gitSteps';
import { JobFailed, JobLog } from './jobLog';
import { newSyncChecks, type SyncChecks } from './syncChecks';
import type { EarlyClone } from './earlyClone';
import { syncFromDisk } from './syncFromDisk';

export interface SyncStatus {
  job_sequence_id: string;
  start_date: Date | null;
  finish_date: Date | null;
  status: string | null;
  output: string | null;
}

/** How often a running job's output so far is saved, so that a crash loses at most this much of it. */
const SAVE_OUTPUT_MS = 1000;

/** What a job left running by a server that stopped (killed, crashed) ends with. */
export const ABANDONED_MESSAGE = 'Error: the server stopped while this job ran (it was killed or crashed), so the job did not finish.';

/**
 * Course sync jobs run inside the server. Syncs of one course queue behind each other; the output of
 * a running job is kept in memory, saved every second while it runs and written whole when it ends.
 */
export class SyncJobs {
  private running = new Map<string, JobLog>();
  private queues = new Map<string, Promise<void>>();
  /** Each course's checks, by course id, kept for the server's life so that re-syncs reuse what they cached. */
  private checks = new Map<string, SyncChecks>();
  /** A clone begun before the database opened, for the first sync that needs it. */
  private early: EarlyClone | undefined;

  constructor(private db: Database) {}

  /** Offers a clone begun early to the next sync that clones its repository and branch. */
  useEarlyClone(early: EarlyClone): void {
    this.early = early;
  }

  /** Jobs left Running by a previous server process can never finish: mark them failed. */
  async failAbandoned(): Promise<number> {
    // The output saved so far is kept, and ends with why the job stopped.
    const rows = await this.db.query(
      `UPDATE jobs SET status = 'Error', finish_date = now(), error_message = 'Job abandoned by server',
         output = COALESCE(output, '') || $1
       WHERE status = 'Running' RETURNING job_sequence_id`,
      [redBright(ABANDONED_MESSAGE) + '\n'],
    );
    await this.db.query(
      `UPDATE job_sequences SET status = 'Error', finish_date = now() WHERE status IN ('Running', 'Stopping')`,
    );
    return rows.length;
  }

  /** Creates the job sequence and its one job, starts the job in the background and returns its id. */
  async start(courseId: string, userId: string | null): Promise<string> {
    const jobSequenceId = await this.db.transaction(async (tx) => {
      // Serialises numbering per course, as PrairieLearn's advisory lock does.
      await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [courseId]);
      const seq = await tx.query(
        `INSERT INTO job_sequences (course_id, number, type, description, user_id, authn_user_id)
         SELECT $1, COALESCE(MAX(number), 0) + 1, 'sync', 'Pull from remote git repository', $2, $2
         FROM job_sequences WHERE course_id = $1 RETURNING id`,
        [courseId, userId],
      );
      await tx.query(
        `INSERT INTO jobs (job_sequence_id, course_id, number_in_sequence, last_in_sequence, type, description)
         VALUES ($1, $2, 1, true, 'sync', 'Pull from remote git repository')`,
        [seq[0].id, courseId],
      );
      return seq[0].id as string;
    });
    const job = new JobLog();
    this.running.set(jobSequenceId, job);
    const previous = this.queues.get(courseId) ?? Promise.resolve();
    const next = previous
      .then(() => this.run(courseId, jobSequenceId, job))
      .catch((err) => console.error(`sync job ${jobSequenceId} could not record its end:`, err));
    this.queues.set(courseId, next);
    next.finally(() => {
      if (this.queues.get(courseId) === next) this.queues.delete(courseId);
    });
    return jobSequenceId;
  }

  /** Resolves when every queued sync of the course has finished. */
  async idle(courseId: string): Promise<void> {
    while (this.queues.has(courseId)) await this.queues.get(courseId);
  }

  /** The job row; while it runs, `output` is the text so far (PrairieLearn returns null until the end). */
  async status(courseId: string, jobSequenceId: string): Promise<SyncStatus | undefined> {
    const rows = await this.db.query<SyncStatus>(
      `SELECT job_sequence_id, start_date, finish_date, status, output FROM jobs
       WHERE course_id = $1 AND job_sequence_id = $2 AND type = 'sync'`,
      [courseId, jobSequenceId],
    );
    if (rows.length > 1) throw new Error('more than one sync job in the sequence');
    const row = rows[0];
    if (row && row.status === 'Running') row.output = this.running.get(jobSequenceId)?.output ?? null;
    return row;
  }

  private async run(courseId: string, jobSequenceId: string, job: JobLog): Promise<void> {
    let status = 'Success';
    let saved = '';
    let saving: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      if (job.output === saved) return;
      saved = job.output;
      saving = this.db
        .query(`UPDATE jobs SET output = $2 WHERE job_sequence_id = $1 AND status = 'Running'`, [jobSequenceId, saved])
        .catch(() => undefined);
    }, SAVE_OUTPUT_MS);
    timer.unref();
    try {
      await this.pullAndUpdate(courseId, job);
    } catch (err) {
      status = 'Error';
      // A failed step has written its message; anything else is reported without internals.
      if (!(err instanceof JobFailed)) job.output += redBright(err instanceof Error ? `Error: ${err.message}` : String(err)) + '\n';
    }
    clearInterval(timer);
    await saving;
    try {
      await this.db.query(
        `UPDATE jobs SET status = $2, finish_date = now(), output = $3 WHERE job_sequence_id = $1`,
        [jobSequenceId, status, job.output],
      );
      await this.db.query(`UPDATE job_sequences SET status = $2, finish_date = now() WHERE id = $1`, [
        jobSequenceId,
        status,
      ]);
    } finally {
      this.running.delete(jobSequenceId);
    }
  }

  /** PrairieLearn's pullAndUpdateCourse. */
  private async pullAndUpdate(courseId: string, job: JobLog): Promise<void> {
    const course = (await this.db.query<{ path: string; repository: string; branch: string }>('SELECT path, repository, branch FROM courses WHERE id = $1', [courseId]))[0];
    if (!course?.path) job.fail('Path is not set for this course. Exiting...');
    if (!course.repository || !course.branch) job.fail('Git repository or branch are not set for this course. Exiting...');
    const early = this.early;
    this.early = undefined;
    await updateFromRemote(job, course, early);
    const commit = await headCommit(course.path);
    job.info('Sync git repository to database');
    let checks = this.checks.get(courseId);
    if (!checks) this.checks.set(courseId, (checks = newSyncChecks()));
    const disk = await syncFromDisk(this.db, job, courseId, course.path, checks);
    await this.db.query('UPDATE courses SET commit_hash = $2 WHERE id = $1', [courseId, commit]);
    if (disk.hasErrors) job.fail('One or more JSON files contained errors and were unable to be synced.');
  }
}
