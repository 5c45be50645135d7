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

/** The error for a non-2xx status; `what` names the record asked for, e.g. "assessment 12". */
export function statusError(status: number, origin: string, access: Access, path: string, what: string): ApiError {
  if (status === 401)
    return new ApiError(
      'unauthorized',
      `${origin} did not accept your access token (401). Sign in again with a valid personal access token.`,
      status,
      path,
    );
  if (status === 403) return new ApiError('forbidden', forbiddenMessage(access), status, path);
  if (status === 404) return new ApiError('notFound', `Not found (404): ${what} does not exist on ${origin}, or was deleted.`, status, path);
  if (status === 429)
    return new ApiError('rateLimited', `${origin} is limiting requests (429). Wait a moment and try again.`, status, path);
  if (status >= 500)
    return new ApiError('server', `${origin} failed to answer (${status}${STATUS_TEXT[status] ? ' ' + STATUS_TEXT[status] : ''}). Try again later.`, status, path);
  return new ApiError('server', `${origin} answered ${status} to ${what}.`, status, path);
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
