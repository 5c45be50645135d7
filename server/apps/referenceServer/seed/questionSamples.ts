// Variants and graded answers of the course's real questions, made by the question runtime for the demo
// data: a few seeds per question, each with the answer the question's own test() calls correct and one
// it calls incorrect, both parsed and graded. Computed once for the same question files and runtime: kept
// in the process and in a private per-user cache file (sampleCache.ts; a test suite seeds many databases).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pythonRoot, QuestionRuntime, type Submission } from '../../../lib/runtime';
import { readSampleFile, sampleCacheFolder, writeSampleFile, type AnswerSample, type VariantSample } from './sampleCache';

export type { AnswerSample, VariantSample } from './sampleCache';

export interface QuestionSamples {
  /** qid → its variants; a question that does not run (or any, without Python) has none. */
  byQid: Map<string, VariantSample[]>;
  /** Why questions have no samples (no Python), for the server's log; undefined when Python ran. */
  problem?: string;
}

export const SEEDS_PER_QUESTION = 3;
/** Part of the cache key: change it when what makeSamples computes changes. */
const SAMPLES_VERSION = 3;

const cache = new Map<string, Promise<QuestionSamples>>();

/** Samples of `qids` in the course at `courseRoot`, reused while their files and the runtime stay the same. */
export function questionSamples(courseRoot: string, qids: string[], python?: string): Promise<QuestionSamples> {
  const key = contentKey(courseRoot, qids, python);
  let found = cache.get(key);
  if (!found) {
    found = fromFile(key) ?? makeSamples(courseRoot, qids, python).then((made) => toFile(key, made));
    cache.set(key, found);
  }
  return found;
}

function fromFile(key: string): Promise<QuestionSamples> | undefined {
  const folder = sampleCacheFolder();
  const entries = folder ? readSampleFile(folder, key, SAMPLES_VERSION) : undefined;
  return entries ? Promise.resolve({ byQid: new Map(entries) }) : undefined;
}

/** Kept only when Python ran. */
function toFile(key: string, made: QuestionSamples): QuestionSamples {
  const folder = sampleCacheFolder();
  if (!made.problem && folder) writeSampleFile(folder, key, SAMPLES_VERSION, [...made.byQid]);
  return made;
}

async function makeSamples(courseRoot: string, qids: string[], python?: string): Promise<QuestionSamples> {
  const runtime = new QuestionRuntime({ python, poolSize: 2, timeoutMs: 10_000 });
  const byQid = new Map<string, VariantSample[]>();
  try {
    await Promise.all(qids.map(async (qid) => byQid.set(qid, await samplesOf(runtime, courseRoot, qid))));
    return { byQid };
  } catch (err) {
    // The runtime rejects only when it cannot start Python; question errors leave a question without samples.
    return { byQid: new Map(), problem: (err as Error).message };
  } finally {
    await runtime.dispose();
  }
}

async function samplesOf(runtime: QuestionRuntime, courseRoot: string, qid: string): Promise<VariantSample[]> {
  const samples: VariantSample[] = [];
  for (let i = 0; i < SEEDS_PER_QUESTION; i++) {
    const seed = sampleSeed(qid, i);
    const variant = await runtime.createVariant(courseRoot, qid, seed);
    if (variant.broken) return [];
    const generated = { params: structuredClone(variant.params), true_answer: structuredClone(variant.correctAnswers) };
    const answer = async (type: 'correct' | 'incorrect'): Promise<AnswerSample | undefined> => {
      const { raw } = await runtime.testAnswers(variant, type);
      if (!raw) return undefined;
      const s = await runtime.submit(variant, raw, 'grade');
      return s.broken || !s.gradable ? undefined : stored(s);
    };
    let correct = await answer('correct');
    let wrong = await answer('incorrect');
    if (!correct || !wrong) return [];
    // Its own correct answer below 100%: an element the runtime does not run (a marked box) grades it
    // here, not the question, so the scores come from the ability model as for external grading.
    if (correct.score !== null && correct.score < 1) [correct, wrong] = [notGraded(correct), notGraded(wrong)];
    samples.push({ seed, ...generated, correct, wrong });
  }
  return samples;
}

const notGraded = (a: AnswerSample): AnswerSample => ({ ...a, score: null, partial_scores: null, feedback: {} });

const stored = (s: Submission): AnswerSample => ({
  submitted_answer: s.submittedAnswers,
  raw_submitted_answer: s.raw,
  format_errors: s.formatErrors,
  partial_scores: s.partialScores,
  score: s.score,
  feedback: s.feedback,
  params: s.params,
  true_answer: s.correctAnswers,
});

/** A base-36 variant seed below 2^32 from the qid, so that the samples do not depend on the clock. */
function sampleSeed(qid: string, i: number): string {
  return (createHash('sha256').update(`${qid}#${i}`).digest().readUInt32BE(0) >>> 0).toString(36);
}

/** The questions' files, the course's shared code and the runtime's own Python, hashed: the same content gives the same samples. */
function contentKey(courseRoot: string, qids: string[], python?: string): string {
  const hash = createHash('sha256').update(`${SAMPLES_VERSION}/${SEEDS_PER_QUESTION}\n${python ?? ''}\n${[...qids].sort().join('\n')}\n`);
  const walk = (dir: string, base = courseRoot) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      return;
    }
    for (const e of entries) {
      const file = path.join(dir, e.name);
      if (e.name === '__pycache__') continue;
      if (e.isDirectory()) walk(file, base);
      else if (e.isFile()) hash.update(`${path.relative(base, file)}\n`).update(fs.readFileSync(file));
    }
  };
  for (const qid of [...qids].sort()) walk(path.join(courseRoot, 'questions', ...qid.split('/')));
  for (const shared of ['elements', 'elementExtensions', 'serverFilesCourse']) walk(path.join(courseRoot, shared));
  hash.update('runtime\n');
  try {
    const root = pythonRoot();
    walk(root, root);
  } catch {
    // No runtime files: makeSamples reports that.
  }
  return hash.digest('hex');
}
