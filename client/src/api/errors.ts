// Typed failures of API requests, each with a message an instructor can act on.

export type ApiErrorKind =
  | 'unreachable' // DNS, refused, reset, TLS: no usable answer at all
  | 'timeout'
  | 'cancelled'
  | 'unauthorized' // 401: no token or a token the server does not know
  | 'forbidden' // 403: the token's user lacks the needed role
  | 'notFound' // 404
  | 'rateLimited' // 429 still after retrying
  | 'server' // other non-2xx answers (5xx and unexpected 4xx)
  | 'badResponse'; // 2xx but not the JSON we expect (HTML page, cut-off body)

/** Which role an endpoint needs; it decides what a 403 tells the user to ask for. */
export type Access = 'coursePreview' | 'studentData' | 'courseEditor';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** The request path below the API base, for logs; never contains the token. */
    readonly path?: string,
    /** The "message" of the body when it is PrairieLearn's JSON error form (`{"message": ...}`); none for a proxy's or another site's page. */
    readonly jsonMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(err: unknown, kind?: ApiErrorKind): err is ApiError {
  return err instanceof ApiError && (kind === undefined || err.kind === kind);
}

const FORBIDDEN: Record<Access, string> = {
  coursePreview:
    'Access denied (403). Your account needs a course role (at least Previewer) or a student-data role in this course instance.',
  studentData:
    'Access denied (403): this needs "Student Data Viewer" access in the course instance. Ask a course owner to grant it on the Staff page.',
  courseEditor: 'Access denied (403): syncing needs the course Editor or Owner role. Ask a course owner to grant it.',
};

export function forbiddenMessage(access: Access): string {
  return FORBIDDEN[access];
}

/**
 * The error for a non-2xx status; `what` names the record asked for, e.g. "assessment 12"; `body` is
 * the answer's text.
 */
export function statusError(status: number, origin: string, access: Access, path: string, what: string, body = ''): ApiError {
  const make = (kind: ApiErrorKind, message: string) => new ApiError(kind, message, status, path, jsonMessage(body));
  if (status === 401) return make('unauthorized', `${origin} did not accept your access token (401). Sign in again with a valid personal access token.`);
  if (status === 403) return make('forbidden', forbiddenMessage(access));
  if (status === 404) return make('notFound', `Not found (404): ${what} does not exist on ${origin}, or was deleted.`);
  if (status === 429) return make('rateLimited', `${origin} is limiting requests (429). Wait a moment and try again.`);
  if (status >= 500) return make('server', `${origin} failed to answer (${status}${STATUS_TEXT[status] ? ' ' + STATUS_TEXT[status] : ''}). Try again later.`);
  return make('server', `${origin} answered ${status} to ${what}.`);
}

/** The "message" of a PrairieLearn JSON error body, if the body is one. */
function jsonMessage(body: string): string | undefined {
  if (!body.trimStart().startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(body);
    return typeof parsed?.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
