// Turning what users type or paste into a server URL and course instance ids.

export const DEFAULT_SERVER_URL = 'https://us.prairielearn.com';
export const API_PATH = '/pl/api/v1';

/**
 * The server's base URL (scheme, host, port and any path prefix before `/pl`) from what the user typed:
 * a bare host, the API base, or any PrairieLearn page URL pasted from the browser. Throws a readable
 * Error when it is not an http(s) URL.
 */
export function normalizeServerUrl(input: string): string {
  let text = input.trim();
  if (!text) throw new Error('Enter the address of a PrairieLearn server, e.g. https://us.prairielearn.com.');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${input.trim()}" is not a URL. Enter an address like https://us.prairielearn.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`"${input.trim()}" is not an http(s) address.`);
  if (url.username || url.password) throw new Error('Leave user names and passwords out of the server URL; use a token.');
  const pl = url.pathname.search(/\/pl(\/|$)/);
  const prefix = (pl >= 0 ? url.pathname.slice(0, pl) : url.pathname).replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${prefix}`;
}

/**
 * Whether requests to `serverUrl` would carry the token unencrypted over a network: plain http to
 * a host other than this machine (localhost, 127.0.0.0/8, ::1, where a local reference server runs).
 */
export function sendsTokenInClear(serverUrl: string): boolean {
  const url = new URL(serverUrl);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const loopback = host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
  return !loopback;
}

export function apiBaseUrl(serverUrl: string): string {
  return serverUrl + API_PATH;
}

export interface CourseInstanceRef {
  id: string;
  /** Present when the input was a URL: the server it points at. */
  serverUrl?: string;
}

/**
 * A course instance id from an id or a PrairieLearn URL such as
 * `https://us.prairielearn.com/pl/course_instance/12345/instructor/instance_admin/assessments`
 * (API URLs use `course_instances/12345`). Undefined when neither is found.
 */
export function parseCourseInstanceInput(input: string): CourseInstanceRef | undefined {
  const text = input.trim();
  if (/^0*[1-9]\d*$/.test(text)) return { id: String(BigInt(text)) };
  const match = /\/course_instances?\/(0*[1-9]\d*)(?=[/?#]|$)/.exec(text);
  if (!match) return undefined;
  let serverUrl: string | undefined;
  try {
    serverUrl = normalizeServerUrl(text);
  } catch {
    serverUrl = undefined;
  }
  return { id: String(BigInt(match[1])), serverUrl };
}
