// The question samples' file cache: one JSON file per content key in a folder only this user can
// read or write ($XDG_CACHE_HOME or ~/.cache, mode 0700), checked on every read. A shared, predictable
// temporary folder would let another user plant samples (params, answers, feedback) that the seeded
// database and its pages then show; a file that is not what this version wrote is removed and made again.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JsonObject } from '../../../lib/runtime';
import { privateCacheFolder } from '../privateCache';

/** A submission as the submissions table stores it. */
export interface AnswerSample {
  submitted_answer: JsonObject;
  raw_submitted_answer: JsonObject;
  format_errors: JsonObject;
  partial_scores: JsonObject | null;
  /** null when the question is graded externally or manually, or its correct answer does not grade to 100% here. */
  score: number | null;
  feedback: JsonObject;
  /** Params and true answer as parse and grade left them. */
  params: JsonObject;
  true_answer: JsonObject;
}

export interface VariantSample {
  seed: string;
  params: JsonObject;
  true_answer: JsonObject;
  correct: AnswerSample;
  wrong: AnswerSample;
}

/** The folder, made private when new; undefined when it is not this user's alone (then nothing is cached on disk). */
export const sampleCacheFolder = (): string | undefined => privateCacheFolder('question-samples');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isAnswer(v: unknown): v is AnswerSample {
  return (
    isObject(v) &&
    ['submitted_answer', 'raw_submitted_answer', 'format_errors', 'feedback', 'params', 'true_answer'].every((k) => isObject(v[k])) &&
    (v.partial_scores === null || isObject(v.partial_scores)) &&
    (v.score === null || (typeof v.score === 'number' && v.score >= 0 && v.score <= 1))
  );
}

function isVariant(v: unknown): v is VariantSample {
  return isObject(v) && typeof v.seed === 'string' && isObject(v.params) && isObject(v.true_answer) && isAnswer(v.correct) && isAnswer(v.wrong);
}

/** The entries of a cache file written by this version for `key`; undefined (and the file removed) otherwise. */
export function readSampleFile(folder: string, key: string, version: number): Array<[string, VariantSample[]]> | undefined {
  const file = path.join(folder, `${key}.json`);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isObject(parsed) && parsed.version === version && parsed.key === key && Array.isArray(parsed.entries)) {
      const entries = parsed.entries as unknown[];
      const valid = entries.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && Array.isArray(e[1]) && (e[1] as unknown[]).every(isVariant));
      if (valid) return entries as Array<[string, VariantSample[]]>;
    }
  } catch {
    // not JSON: removed below
  }
  fs.rmSync(file, { force: true });
  return undefined;
}

/** Written whole (a private temporary file, then rename) so that a reader never sees half of it. */
export function writeSampleFile(folder: string, key: string, version: number, entries: Array<[string, VariantSample[]]>): void {
  const file = path.join(folder, `${key}.json`);
  const temp = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(temp, JSON.stringify({ version, key, entries }), { mode: 0o600 });
    fs.renameSync(temp, file);
  } catch {
    // An unwritable cache folder only costs the next process the computation.
    fs.rmSync(temp, { force: true });
  }
}
