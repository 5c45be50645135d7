// PrairieLearn instructor API v1 over undici: timeouts, retries with backoff, cancellation, a concurrency cap,
// and typed errors (errors.ts). One instance per server URL and token.
import { request, type Dispatcher } from 'undici';
import { ApiError, statusError, type Access } from './errors';
import { ConcurrencyLimiter } from './limiter';
import { backoffDelay, DEFAULT_RETRY, isRetryableStatus, parseRetryAfter, sleep, type RetryPolicy } from './retry';
import { apiBaseUrl, sendsTokenInClear } from './serverUrl';
import type {
  Assessment,
  AssessmentAccessRule,
  AssessmentInstance,
  CourseInstanceAccessRule,
  CourseInstanceInfo,
  GradebookRow,
  InstanceQuestion,
  LogEvent,
  Submission,
  SyncJob,
  SyncStarted,
} from './types';

export interface ClientOptions {
  serverUrl: string;
  token: string;
  /** Per attempt, from sending the request to the last byte of the answer. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Requests in flight at once; the rest wait. */
  concurrency?: number;
  dispatcher?: Dispatcher;
  /** One line per attempt (method, path, status, time); never the token. */
  log?: (line: string) => void;
  /** The largest answer read; a larger one fails (badResponse) without being read further or retried. */
  maxResponseBytes?: number;
  /**
   * Asked once, before the first request, when the server URL is plain http to another machine (the
   * token would cross the network unencrypted); nothing is sent unless it resolves true. Without it,
   * such a client warns through `log` and sends.
   */
  confirmPlainHttp?: (host: string) => Promise<boolean>;
}

/** More than any real answer (a large course's gradebook is some megabytes), yet far from exhausting memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface CallOptions {
  signal?: AbortSignal;
}

type Shape = 'array' | 'object';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A failure before a full answer arrived; `retryable` is false for timeouts and cancellation. */
class Failure {
  constructor(
    readonly error: ApiError,
    readonly retryable: boolean,
  ) {}
}

export class PrairieLearnClient {
  readonly serverUrl: string;
  private readonly base: string;
  private readonly origin: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly limiter: ConcurrencyLimiter;
  private readonly maxResponseBytes: number;
  private plainHttpAllowed: Promise<boolean> | undefined;

  constructor(private readonly options: ClientOptions) {
    this.serverUrl = options.serverUrl;
    this.base = apiBaseUrl(options.serverUrl);
    this.origin = new URL(options.serverUrl).host;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.limiter = new ConcurrencyLimiter(options.concurrency ?? 4);
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  async courseInstance(ci: string, o?: CallOptions): Promise<CourseInstanceInfo> {
    return this.get(`/course_instances/${id(ci)}`, 'object', 'coursePreview', `course instance ${ci}`, o);
  }
  async assessments(ci: string, o?: CallOptions): Promise<Assessment[]> {
    return this.get(`/course_instances/${id(ci)}/assessments`, 'array', 'coursePreview', `the assessments of course instance ${ci}`, o);
  }
  async assessment(ci: string, a: string, o?: CallOptions): Promise<Assessment> {
    return this.get(`/course_instances/${id(ci)}/assessments/${id(a)}`, 'object', 'coursePreview', `assessment ${a}`, o);
  }
  async assessmentAccessRules(ci: string, a: string, o?: CallOptions): Promise<AssessmentAccessRule[]> {
    return this.get(`/course_instances/${id(ci)}/assessments/${id(a)}/assessment_access_rules`, 'array', 'coursePreview', `the access rules of assessment ${a}`, o);
  }
  async assessmentInstances(ci: string, a: string, o?: CallOptions): Promise<AssessmentInstance[]> {
    return this.get(`/course_instances/${id(ci)}/assessments/${id(a)}/assessment_instances`, 'array', 'coursePreview', `the instances of assessment ${a}`, o);
  }
  async assessmentInstance(ci: string, ai: string, o?: CallOptions): Promise<AssessmentInstance> {
    return this.get(`/course_instances/${id(ci)}/assessment_instances/${id(ai)}`, 'object', 'studentData', `assessment instance ${ai}`, o);
  }
  async instanceQuestions(ci: string, ai: string, o?: CallOptions): Promise<InstanceQuestion[]> {
    return this.get(`/course_instances/${id(ci)}/assessment_instances/${id(ai)}/instance_questions`, 'array', 'studentData', `the questions of assessment instance ${ai}`, o);
  }
  async submissions(ci: string, ai: string, o?: CallOptions): Promise<Submission[]> {
    return this.get(`/course_instances/${id(ci)}/assessment_instances/${id(ai)}/submissions`, 'array', 'studentData', `the submissions of assessment instance ${ai}`, o);
  }
  async submission(ci: string, s: string, o?: CallOptions): Promise<Submission> {
    return this.get(`/course_instances/${id(ci)}/submissions/${id(s)}`, 'object', 'studentData', `submission ${s}`, o);
  }
  async log(ci: string, ai: string, o?: CallOptions): Promise<LogEvent[]> {
    return this.get(`/course_instances/${id(ci)}/assessment_instances/${id(ai)}/log`, 'array', 'studentData', `the event log of assessment instance ${ai}`, o);
  }
  async gradebook(ci: string, o?: CallOptions): Promise<GradebookRow[]> {
    return this.get(`/course_instances/${id(ci)}/gradebook`, 'array', 'studentData', `the gradebook of course instance ${ci}`, o);
  }
  async courseInstanceAccessRules(ci: string, o?: CallOptions): Promise<CourseInstanceAccessRule[]> {
    return this.get(`/course_instances/${id(ci)}/course_instance_access_rules`, 'array', 'coursePreview', `the access rules of course instance ${ci}`, o);
  }
  async startSync(course: string, o?: CallOptions): Promise<SyncStarted> {
    return this.call('POST', `/course/${id(course)}/sync`, 'object', 'courseEditor', `course ${course}`, o);
  }
  async syncJob(course: string, job: string, o?: CallOptions): Promise<SyncJob> {
    return this.call('GET', `/course/${id(course)}/sync/${id(job)}`, 'object', 'courseEditor', `sync job ${job}`, o);
  }

  /**
   * Resolves when the server takes the token. The API has no "who am I": this asks for course instance 0,
   * which no one can see, so PrairieLearn answers a known token with its JSON 403 and an unknown one
   * with 401. Any other answer (a 404 or 200, a proxy's 403 page) is not PrairieLearn's: the URL is wrong.
   */
  async checkToken(o?: CallOptions): Promise<void> {
    let answered: number;
    try {
      await this.courseInstance('0', o);
      answered = 200;
    } catch (err) {
      if (!(err instanceof ApiError) || (err.kind !== 'forbidden' && err.kind !== 'notFound')) throw err;
      if (err.kind === 'forbidden' && err.jsonMessage === 'Forbidden') return;
      answered = err.status!;
    }
    throw new ApiError(
      'badResponse',
      `${this.origin} does not answer like a PrairieLearn server (${answered} where PrairieLearn answers 403). Check the server URL: it is the address you open in the browser, such as https://us.prairielearn.com.`,
      answered,
    );
  }

  private get<T>(path: string, shape: Shape, access: Access, what: string, o?: CallOptions): Promise<T> {
    return this.call('GET', path, shape, access, what, o);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, shape: Shape, access: Access, what: string, o: CallOptions = {}): Promise<T> {
    const { signal } = o;
    await this.checkPlainHttp(path);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.retry.retries;
      let answer: Answer;
      try {
        answer = await this.limiter.run(() => this.attempt(method, path, signal), signal);
      } catch (err) {
        const failure = err instanceof Failure ? err : new Failure(this.cancelled(path), false);
        // A request that failed in transit may have reached the server: only GETs are safe to repeat.
        if (failure.retryable && method === 'GET' && !last) {
          await this.wait(backoffDelay(attempt, this.retry), path, signal);
          continue;
        }
        throw failure.error;
      }
      if (answer.status >= 200 && answer.status < 300) return parse<T>(answer, shape, this.origin, path);
      if (isRetryableStatus(answer.status, method) && !last) {
        const after = parseRetryAfter(answer.headers['retry-after']);
        if (after === undefined || after <= this.retry.maxDelayMs) {
          await this.wait(after ?? backoffDelay(attempt, this.retry), path, signal);
          continue;
        }
      }
      if (answer.status >= 300 && answer.status < 400) throw redirected(answer, this.serverUrl, path);
      throw statusError(answer.status, this.origin, access, path, what, answer.text);
    }
  }

  /** Before the token goes out unencrypted to another machine: the user's say (once per client), or a logged warning. */
  private async checkPlainHttp(path: string): Promise<void> {
    if (!sendsTokenInClear(this.serverUrl)) return;
    const confirm = this.options.confirmPlainHttp;
    if (!confirm) {
      if (!this.plainHttpAllowed) this.options.log?.(`warning: ${this.origin} is plain http; the token is sent unencrypted`);
      this.plainHttpAllowed = Promise.resolve(true);
      return;
    }
    this.plainHttpAllowed ??= confirm(this.origin).catch(() => false);
    if (!(await this.plainHttpAllowed)) {
      this.plainHttpAllowed = undefined;
      throw new ApiError(
        'cancelled',
        `Nothing was sent: ${this.origin} is plain http, which would send your token unencrypted. Use its https:// address.`,
        undefined,
        path,
      );
    }
  }

  private async wait(ms: number, path: string, signal?: AbortSignal): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch {
      throw this.cancelled(path);
    }
  }

  private cancelled(path: string): ApiError {
    return new ApiError('cancelled', 'The request was cancelled.', undefined, path);
  }

  /**
   * The body as text, read up to `maxResponseBytes`: a declared larger length is refused before
   * reading, and a body that grows past the cap is dropped as soon as it does.
   */
  private async readBody(res: Dispatcher.ResponseData, method: string, path: string): Promise<string> {
    const max = this.maxResponseBytes;
    const declared = Number(res.headers['content-length']);
    const refuse = () => {
      // Dropping an unfinished body makes it emit an abort error, which is ours and expected.
      res.body.on('error', () => undefined);
      res.body.destroy();
      this.options.log?.(`${method} ${path} → ${res.statusCode}, answer over ${max} bytes: not read`);
      return tooLarge(this.origin, path, max, res.statusCode);
    };
    if (declared > max) throw refuse();
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of res.body) {
      total += (chunk as Buffer).length;
      if (total > max) throw refuse();
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  }

  /** One request, with its own timeout; throws a Failure, never a raw error. */
  private async attempt(method: Dispatcher.HttpMethod, path: string, signal?: AbortSignal): Promise<Answer> {
    if (signal?.aborted) throw new Failure(this.cancelled(path), false);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const started = Date.now();
    let gotHeaders = false;
    try {
      const res = await request(this.base + path, {
        method,
        headers: { 'Private-Token': this.options.token, Accept: 'application/json' },
        signal: controller.signal,
        dispatcher: this.options.dispatcher,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      gotHeaders = true;
      const text = await this.readBody(res, method, path);
      this.options.log?.(`${method} ${path} → ${res.statusCode} (${Date.now() - started} ms)`);
      return { status: res.statusCode, headers: res.headers, text };
    } catch (err) {
      if (err instanceof Failure) throw err;
      this.options.log?.(`${method} ${path} failed after ${Date.now() - started} ms: ${describe(err)}`);
      if (signal?.aborted) throw new Failure(this.cancelled(path), false);
      if (timedOut || isTimeout(err))
        throw new Failure(
          new ApiError('timeout', `${this.origin} did not answer within ${Math.round(this.timeoutMs / 1000)} s. Check your connection, then retry.`, undefined, path),
          false,
        );
      if (gotHeaders)
        throw new Failure(
          new ApiError('badResponse', `The answer from ${this.origin} was cut off before it was complete (${describe(err)}).`, undefined, path),
          true,
        );
      throw new Failure(
        new ApiError('unreachable', `Cannot reach ${this.origin} (${describe(err)}). Check the server URL and your connection.`, undefined, path),
        true,
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** An answer larger than the client reads: not read further, and not worth asking again. */
function tooLarge(origin: string, path: string, maxBytes: number, status: number): Failure {
  return new Failure(
    new ApiError('badResponse', `The answer from ${origin} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than any PrairieLearn answer should be; it was not read.`, status, path),
    false,
  );
}

/** Ids go into the path: only digits pass, so a bad value cannot reach another endpoint. */
function id(value: string): string {
  if (!/^\d+$/.test(value)) throw new ApiError('notFound', `"${value}" is not a PrairieLearn id (ids are numbers).`);
  return value;
}

function parse<T>(answer: Answer, shape: Shape, origin: string, path: string): T {
  const type = String(answer.headers['content-type'] ?? '');
  const body = answer.text.trimStart();
  if (/html/i.test(type) || body.startsWith('<'))
    throw new ApiError(
      'badResponse',
      `${origin} answered with a web page instead of API data. Check that the server URL is the PrairieLearn address you open in the browser.`,
      answer.status,
      path,
    );
  let value: unknown;
  try {
    value = JSON.parse(answer.text);
  } catch {
    throw new ApiError(
      'badResponse',
      `The answer from ${origin} is not valid JSON${body ? ' (it may have been cut off)' : ' (it was empty)'}. Retry, or check the server URL.`,
      answer.status,
      path,
    );
  }
  const isArray = Array.isArray(value);
  if ((shape === 'array') !== isArray || value === null || typeof value !== 'object')
    throw new ApiError('badResponse', `The answer from ${origin} has an unexpected form (expected ${shape === 'array' ? 'a list' : 'a record'}).`, answer.status, path);
  return value as T;
}

function redirected(answer: Answer, serverUrl: string, path: string): ApiError {
  const from = new URL(serverUrl);
  let hint = '';
  try {
    const target = new URL(String(answer.headers.location ?? ''), from);
    if (target.origin !== from.origin) hint = ` Use ${target.origin} as the server URL.`;
  } catch {
    // No usable Location: the generic message is all we can say.
  }
  return new ApiError('server', `${from.host} redirected the request (${answer.status}).${hint}`, answer.status, path);
}

function isTimeout(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}

/** A short cause for messages: the system error code when there is one (ECONNREFUSED, ENOTFOUND, …). */
function describe(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string }; message?: string };
  return e.cause?.code ?? e.code ?? e.message ?? String(err);
}
