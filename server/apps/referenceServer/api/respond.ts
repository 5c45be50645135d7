import type { ServerResponse } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';

/**
 * A body already written as PrairieLearn's pretty JSON (for large answers built without objects).
 * `source`: a hash of everything the body is written from, to stand for the body's own in the ETag;
 * `release`: called once the body has been sent (its memory may then be reused).
 */
export class PrettyJson {
  constructor(
    readonly body: string | Buffer,
    readonly options: { source?: string; release?: () => void } = {},
  ) {}
}

/** Headers PrairieLearn's app sets on every API response before routing (CORS, caching, framing). */
export function setCommonHeaders(res: ServerResponse): void {
  res.setHeader('X-Response-ID', randomUUID());
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST, PUT, PATCH, GET, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    'X-Requested-With, Accept, X-Auth-UID, X-Auth-Name, X-Auth-Date, X-Auth-Signature, Content-Type',
  );
  res.setHeader('Cache-Control', 'max-age=0, no-cache, no-store, must-revalidate');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none';");
  res.setHeader('X-Frame-Options', 'DENY');
}

/**
 * Express's weak ETag: body length in hex and the start of its SHA-1 in base64. With `source` (a hash
 * of what the body is written from, the same whenever the body is) in place of the body's hash, it
 * validates the same way.
 */
function weakEtag(body: Buffer, source?: string): string {
  const hash = source ?? createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}

function send(res: ServerResponse, status: number, text: string | Buffer, head: boolean, source?: string): void {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const etag = weakEtag(body, source);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', etag);
  const inm = res.req?.headers['if-none-match'];
  // As Express: a successful GET whose ETag the client already has gets an empty 304.
  if (status >= 200 && status < 300 && inm?.split(/\s*,\s*/).some((t) => t === etag || t === '*')) {
    res.statusCode = 304;
    res.removeHeader('Content-Type');
    res.end();
    return;
  }
  res.statusCode = status;
  res.setHeader('Content-Length', body.length);
  res.end(head ? undefined : body);
}

/** Inside the API router: 2-space JSON, no trailing newline. */
export function sendPretty(res: ServerResponse, status: number, body: unknown, head = false): void {
  if (!(body instanceof PrettyJson)) return send(res, status, JSON.stringify(body, null, 2), head);
  const { source, release } = body.options;
  // 'close' follows the end of sending, or an aborted connection; node then holds no reference.
  if (release) res.once('close', release);
  send(res, status, body.body, head, source);
}

/** Before the API router (token errors, OPTIONS): compact JSON. */
export function sendCompact(res: ServerResponse, status: number, body: unknown, head = false): void {
  send(res, status, JSON.stringify(body), head);
}

/** An error that becomes PrairieLearn's `{message, status}` body; its own text never reaches the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};
