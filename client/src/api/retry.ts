// When and how long to wait before asking again.

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff delay; doubled on each retry, with jitter. */
  baseDelayMs: number;
  /** No single wait is longer than this; a longer Retry-After fails instead. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Exponential backoff with "equal jitter": between half and all of base·2^attempt, capped. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when absent or
 * unparsable, so the caller falls back to its own backoff.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date always names the day and month; this keeps Date.parse from reading "-5" as a year.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Statuses worth asking again. 502 only for GETs: a POST that reached PrairieLearn behind a failing proxy may
 * already have started a sync, while 429 and 503 mean the request was turned away.
 */
export function isRetryableStatus(status: number, method: string): boolean {
  if (status === 429 || status === 503) return true;
  return status === 502 && method === 'GET';
}

/** Sleeps, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
