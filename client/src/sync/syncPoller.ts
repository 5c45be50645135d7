// Following a course sync job: poll its status with a growing interval until it ends.
import type { CallOptions, PrairieLearnClient } from '../api/client';
import { isApiError } from '../api/errors';
import { sleep as defaultSleep } from '../api/retry';
import type { SyncJob } from '../api/types';

export interface PollOptions extends CallOptions {
  /** First wait between polls; each next one is 1.5 times longer, up to `maxIntervalMs`. */
  firstIntervalMs?: number;
  maxIntervalMs?: number;
  /** Give up (the job goes on on the server) after this long. */
  timeoutMs?: number;
  /** Polls that may fail in a row (on top of the client's own retries) before giving up. */
  maxFailures?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  onUpdate?: (job: SyncJob, elapsedMs: number) => void;
  onPollError?: (error: Error) => void;
}

/** `Running` (and the job-sequence state `Stopping`) mean not done; a null status is treated as not done. */
export function isFinished(job: SyncJob): boolean {
  return job.status != null && job.status !== 'Running' && job.status !== 'Stopping';
}

export async function pollSync(client: Pick<PrairieLearnClient, 'syncJob'>, courseId: string, jobId: string, options: PollOptions = {}): Promise<SyncJob> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const started = now();
  const timeout = options.timeoutMs ?? 30 * 60_000;
  let interval = options.firstIntervalMs ?? 1000;
  let failures = 0;
  for (;;) {
    try {
      const job = await client.syncJob(courseId, jobId, { signal: options.signal });
      failures = 0;
      options.onUpdate?.(job, now() - started);
      if (isFinished(job)) return job;
    } catch (err) {
      // Only passing trouble (network, gateway, timeout) is worth another poll; 401/403/404 will not change.
      const transient = isApiError(err) && ['unreachable', 'timeout', 'server', 'rateLimited', 'badResponse'].includes(err.kind);
      if (!transient || ++failures > (options.maxFailures ?? 3)) throw err;
      options.onPollError?.(err as Error);
    }
    if (now() - started > timeout)
      throw new Error(`Sync job ${jobId} is still running after ${Math.round(timeout / 60_000)} min; see the course's Sync page in PrairieLearn.`);
    await sleep(interval, options.signal);
    interval = Math.min(options.maxIntervalMs ?? 5000, interval * 1.5);
  }
}
