import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import {
  loadCourse, applySeverityOverrides, findCourseRoots, type CourseDiagnostic, type SeverityOverrides,
} from '../../lib/course';
import { findPython, QuestionRuntime, testVariant, type RuntimeOptions, type TestFinding } from '../../lib/runtime';
import { UsageError } from './options';
import { selectShard, type Shard } from './shard';
import type { CheckResult, CheckedCourse, Problem } from './runCheck';

/** One question variant in `--format json`. */
export interface VariantReport {
  qid: string;
  seed: string;
  rendered: boolean;
  unsupportedElements: string[];
  correctAnswerScore: number | null;
  /** Externally graded questions: the reference solution's score (null when not graded here). */
  referenceScore: number | null;
  error: string | null;
}

export interface QuestionTestRun extends CheckResult {
  variants: VariantReport[];
}

export interface QuestionTestOptions {
  folder: string;
  qids: string[];
  variants: number;
  /** Only this part of the questions (after the QIDs given, if any). */
  shard?: Shard;
  severities?: SeverityOverrides;
  runtime?: RuntimeOptions;
  /** Called after each variant (for progress). */
  onVariant?: (report: VariantReport) => void;
}

/**
 * pl-check --test: every question (or the QIDs given) of the course in `folder`, `variants` new
 * variants each, through PrairieLearn's instructor Test ("correct" type), a blank submission and
 * renders of all panels; problems as diagnostics at the file and line at fault.
 */
export async function runQuestionTests(options: QuestionTestOptions): Promise<QuestionTestRun> {
  const abs = nodePath.resolve(options.folder);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) throw new UsageError(`not a folder: ${options.folder}`);
  const roots = findCourseRoots(abs);
  if (roots.length !== 1) throw new UsageError(`--test needs one course folder (a folder with infoCourse.json), found ${roots.length} in ${options.folder}`);
  const course = loadCourse(roots[0]);
  const all = [...course.questions.keys()].sort();
  for (const qid of options.qids) if (!course.questions.has(qid)) throw new UsageError(`no question "${qid}" in ${roots[0]}`);
  const qids = selectShard(options.qids.length > 0 ? options.qids : all, options.shard);
  const checked: CheckedCourse = { root: course.root, scannedFolder: abs, files: qids.length };
  // No Python, no run: said once, plainly, like a usage problem (exit status 2).
  const python = await findPython(options.runtime?.python);
  if (!python.ok) throw new UsageError(python.message);
  const poolSize = options.runtime?.poolSize ?? 2;
  const runtime = new QuestionRuntime({ ...options.runtime, python: python.python, poolSize });
  // The same problem in several variants is reported once, with the first seed and a count.
  const problems = new Map<string, { problem: Omit<Problem, 'scannedFolder'>; qid: string; seeds: string[] }>();
  const variants: VariantReport[] = [];
  const work = qids.flatMap((qid) => Array.from({ length: options.variants }, () => qid));
  try {
    let next = 0;
    const worker = async () => {
      while (next < work.length) {
        const qid = work[next++];
        const verdict = await testVariant(runtime, course.root, qid);
        const seed = verdict.seed;
        for (const f of verdict.findings) {
          const key = `${qid}|${f.code}|${f.file}|${f.line}|${f.message}`;
          const seen = problems.get(key);
          if (seen) {
            if (!seen.seeds.includes(seed)) seen.seeds.push(seed);
          }
          else problems.set(key, { problem: findingProblem(f), qid, seeds: [seed] });
        }
        const { rendered, unsupportedElements, correctAnswerScore, referenceScore, error } = verdict;
        const report: VariantReport = { qid, seed, rendered, unsupportedElements, correctAnswerScore, referenceScore, error };
        variants.push(report);
        options.onVariant?.(report);
      }
    };
    // One question at a time per helper, so that each question's calls reuse that helper's worker.
    await Promise.all(Array.from({ length: poolSize }, worker));
  } finally {
    await runtime.dispose();
  }
  variants.sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
  const found: Problem[] = [...problems.values()].map(({ problem, qid, seeds }) => {
    const more = seeds.length > 1 ? ` and ${seeds.length - 1} more variant${seeds.length > 2 ? 's' : ''}` : '';
    return { ...problem, scannedFolder: abs, message: `${problem.message} (${qid}, variant seed ${seeds[0]}${more})` };
  });
  // Overrides read only code and severity, which a Problem has as a course diagnostic does.
  const sorted = applySeverityOverrides(found as unknown as CourseDiagnostic[], options.severities) as unknown as Problem[];
  sorted.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || (a.message < b.message ? -1 : 1)));
  return { courses: [checked], problems: sorted, variants };
}

/** A finding of the shared test round as pl-check reports it (one line, column 1). */
function findingProblem(f: TestFinding): Omit<Problem, 'scannedFolder'> {
  return { file: f.file, line: f.line, column: 1, endLine: f.line, endColumn: 1, severity: f.severity, code: f.code, message: f.message, related: [] };
}
