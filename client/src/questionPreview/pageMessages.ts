// What a preview page may ask of the extension. The page runs the question's scripts (and shows a
// student's work in a submission preview), so each message is checked here before anything acts on
// it: its type must be one this panel takes, its fields the right shapes and sizes. Without vscode,
// so that it is tested on its own.
import * as fs from 'node:fs';
import * as path from 'node:path';

export type RawAnswers = Record<string, string | string[]>;

/** Messages the page's script posts (webviewScript.ts). */
export type PageMessage =
  | { type: 'submit'; action: 'save' | 'grade'; raw: RawAnswers }
  | { type: 'newVariant'; seed?: string }
  | { type: 'typed'; raw: RawAnswers }
  | { type: 'createPython' }
  | { type: 'rawJson' }
  | { type: 'openFile'; file: string; line: number };

export type PageMessageType = PageMessage['type'];

/** A question's own preview: everything but the submission's raw JSON. */
export const QUESTION_MESSAGES: ReadonlySet<PageMessageType> = new Set(['submit', 'newVariant', 'typed', 'createPython', 'openFile']);
/** A submission preview (a student's work): read-only, so nothing is submitted or typed. */
export const SUBMISSION_MESSAGES: ReadonlySet<PageMessageType> = new Set(['rawJson', 'openFile', 'createPython']);

/** Bounds far above what a question's form holds, so that a page cannot make the extension carry megabytes. */
export const MAX_FIELDS = 10_000;
export const MAX_RAW_CHARS = 50_000_000;
const MAX_SEED_CHARS = 64;
const MAX_PATH_CHARS = 4096;

export type CheckedMessage = { ok: true; message: PageMessage } | { ok: false; reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Submitted answers as the page's form collects them: names to a string or a list of strings. */
function checkRaw(raw: unknown): RawAnswers | string {
  if (!isRecord(raw) || Object.getPrototypeOf(raw) !== Object.prototype) return 'raw is not an object of answers';
  const keys = Object.keys(raw);
  if (keys.length > MAX_FIELDS) return `more than ${MAX_FIELDS} answers`;
  let chars = 0;
  const out: RawAnswers = {};
  for (const key of keys) {
    const v = raw[key];
    const values = Array.isArray(v) ? v : [v];
    if (!values.every((x) => typeof x === 'string')) return `answer "${key.slice(0, 100)}" is not text`;
    chars += key.length + values.reduce((n, x: string) => n + x.length, 0);
    if (chars > MAX_RAW_CHARS) return `answers longer than ${MAX_RAW_CHARS} characters`;
    out[key] = Array.isArray(v) ? [...(v as string[])] : (v as string);
  }
  return out;
}

/** `m` as a message this panel takes (`allowed`), or why it is ignored. */
export function checkPageMessage(m: unknown, allowed: ReadonlySet<PageMessageType>): CheckedMessage {
  if (!isRecord(m) || typeof m.type !== 'string') return { ok: false, reason: 'not a message with a type' };
  const type = m.type as PageMessageType;
  if (!allowed.has(type)) return { ok: false, reason: `message type "${String(m.type).slice(0, 100)}" is not taken by this preview` };
  const fail = (reason: string): CheckedMessage => ({ ok: false, reason: `${type}: ${reason}` });
  switch (type) {
    case 'submit': {
      if (m.action !== 'save' && m.action !== 'grade') return fail('action is neither save nor grade');
      const raw = checkRaw(m.raw);
      return typeof raw === 'string' ? fail(raw) : { ok: true, message: { type, action: m.action, raw } };
    }
    case 'typed': {
      const raw = checkRaw(m.raw);
      return typeof raw === 'string' ? fail(raw) : { ok: true, message: { type, raw } };
    }
    case 'newVariant':
      if (m.seed === undefined || m.seed === '') return { ok: true, message: { type } };
      if (typeof m.seed !== 'string' || m.seed.length > MAX_SEED_CHARS) return fail(`seed is not text of at most ${MAX_SEED_CHARS} characters`);
      return { ok: true, message: { type, seed: m.seed } };
    case 'createPython':
    case 'rawJson':
      return { ok: true, message: { type } };
    case 'openFile': {
      if (typeof m.file !== 'string' || m.file.length === 0 || m.file.length > MAX_PATH_CHARS || m.file.includes('\0')) return fail('file is not a path');
      if (!path.isAbsolute(m.file)) return fail('file is not an absolute path');
      const line = m.line === undefined ? 1 : m.line;
      if (typeof line !== 'number' || !Number.isSafeInteger(line) || line < 1) return fail('line is not a positive whole number');
      return { ok: true, message: { type, file: m.file, line } };
    }
    default:
      return fail('unknown message type');
  }
}

/**
 * `file` when it is a file inside one of `roots` (symbolic links followed, on both sides), else
 * undefined: a page may open the question's course files, the workspace's and the runtime's own.
 */
export function fileInside(file: string, roots: readonly string[]): string | undefined {
  let real: string;
  try {
    real = fs.realpathSync(file);
    if (!fs.statSync(real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  for (const root of roots) {
    let realRoot: string;
    try {
      realRoot = fs.realpathSync(root);
    } catch {
      continue;
    }
    if (real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep)) return real;
  }
  return undefined;
}
