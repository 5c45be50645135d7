// Runs element controllers and the `prairielearn` library in a real Python, the way the question
// worker does (cwd = element directory, server/python on sys.path, fallback packages last).
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

export const PYTHON = process.env.PL_PYTHON ?? '/usr/bin/python3';
export const PYTHON_ROOT = path.resolve(__dirname, '..', '..', '..', 'server', 'python');
export const ELEMENTS_DIR = path.join(PYTHON_ROOT, 'elements');
const RUN_ELEMENT = path.join(__dirname, 'runElement.py');

export type Data = Record<string, any>;
export type Phase = 'prepare' | 'render' | 'parse' | 'grade' | 'test' | 'file';

export interface ElementResult {
  data: Data;
  html: string | null;
  defined: boolean;
}

/** Runs `phase` of core element `name` (or an element directory path) on `elementHtml` with `data`. */
export function runElement(name: string, phase: Phase, elementHtml: string, data: Data, seed?: number): ElementResult {
  const dir = path.isAbsolute(name) ? name : path.join(ELEMENTS_DIR, name);
  const r = spawnSync(PYTHON, [RUN_ELEMENT, dir, phase], {
    input: JSON.stringify({ element_html: elementHtml, data, ...(seed === undefined ? {} : { seed }) }),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${name}.${phase} failed:\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as ElementResult;
}

/** Like runElement but returns the Python error text instead of throwing; null when it succeeded. */
export function elementError(name: string, phase: Phase, elementHtml: string, data: Data): string | null {
  try {
    runElement(name, phase, elementHtml, data);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Runs a Python snippet with server/python (and the fallback packages, last) on sys.path; returns stdout. */
export function runPython(code: string): string {
  const r = spawnSync(PYTHON, ['-c', code], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: PYTHON_ROOT, PL_FALLBACK: path.join(PYTHON_ROOT, 'fallback') },
    cwd: PYTHON_ROOT,
  });
  if (r.status !== 0) throw new Error(`python failed:\n${r.stderr}`);
  return r.stdout;
}

/** Runs a snippet whose last stdout line is JSON (print(json.dumps(...))) and parses it. */
export function pythonJson(code: string): any {
  const out = runPython(`import sys, json, os\nsys.path.append(os.environ['PL_FALLBACK'])\n${code}`).trim().split('\n');
  return JSON.parse(out[out.length - 1]);
}

/** Fresh data dict for a phase, with the keys the worker provides. */
export function phaseData(phase: Phase | 'render-question' | 'render-submission' | 'render-answer', extra: Data = {}): Data {
  const base: Data = { params: {}, correct_answers: {}, variant_seed: 1, options: {}, preferences: {} };
  if (phase === 'prepare') Object.assign(base, { answers_names: {} });
  if (phase === 'parse') Object.assign(base, { submitted_answers: {}, raw_submitted_answers: {}, format_errors: {}, feedback: {}, gradable: true });
  if (phase === 'grade') Object.assign(base, { submitted_answers: {}, raw_submitted_answers: {}, format_errors: {}, partial_scores: {}, score: 0, feedback: {}, gradable: true });
  if (phase === 'test') Object.assign(base, { raw_submitted_answers: {}, format_errors: {}, partial_scores: {}, score: 0, feedback: {}, gradable: true, test_type: 'correct' });
  if (phase.startsWith('render')) {
    const panel = phase === 'render' ? 'question' : phase.slice('render-'.length);
    Object.assign(base, {
      submitted_answers: {}, format_errors: {}, partial_scores: {}, score: 0, feedback: {}, raw_submitted_answers: {},
      num_valid_submissions: 0, editable: true, manual_grading: false, ai_grading: false, panel, correct_answer_shown: false,
    });
    base.options = {
      client_files_question_url: '/q/clientFilesQuestion', client_files_course_url: '/c/clientFilesCourse',
      client_files_question_dynamic_url: '/q/generatedFilesQuestion/variant/1', course_element_files_url: '/c/elements',
      course_element_extension_files_url: '/c/elementExtensions', submission_files_url: null,
    };
  }
  return Object.assign(base, extra);
}

export interface SelfTestResult {
  variant: Data;
  expected: Data;
  parsed: Data;
  graded: Data | null;
}

/**
 * What PrairieLearn's Test button does for one element: prepare a variant, ask test() for a
 * submission of `testType`, then parse and (when gradable) grade that submission.
 */
export function selfTest(name: string, elementHtml: string, testType: 'correct' | 'incorrect' | 'invalid', seed = 1, initial: Data = {}): SelfTestResult {
  const prepared = runElement(name, 'prepare', elementHtml, phaseData('prepare', { variant_seed: seed, ...initial }), seed).data;
  const variant = { params: prepared.params, correct_answers: prepared.correct_answers };
  const expected = runElement(name, 'test', elementHtml, phaseData('test', { ...variant, variant_seed: seed, test_type: testType }), seed).data;
  const raw = expected.raw_submitted_answers;
  const parsed = runElement(name, 'parse', elementHtml, phaseData('parse', { ...variant, submitted_answers: { ...raw }, raw_submitted_answers: { ...raw } }), seed).data;
  if (Object.keys(parsed.format_errors).length > 0) return { variant, expected, parsed, graded: null };
  const graded = runElement(name, 'grade', elementHtml, phaseData('grade', {
    ...variant, submitted_answers: parsed.submitted_answers, raw_submitted_answers: raw, feedback: parsed.feedback,
  }), seed).data;
  return { variant, expected, parsed, graded };
}
