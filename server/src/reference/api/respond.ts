import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

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

function send(res: ServerResponse, status: number, text: string, head: boolean): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(head ? undefined : text);
}

/** Inside the API router: 2-space JSON, no trailing newline. */
export function sendPretty(res: ServerResponse, status: number, body: unknown, head = false): void {
  send(res, status, JSON.stringify(body, null, 2), head);
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
