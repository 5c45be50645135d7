// Variants and graded answers of the course's real questions, made by the question runtime for the demo
// data: a few seeds per question, each with the answer the question's own test() calls correct and one
// it calls incorrect, both parsed and graded. Computed once per question for the same files and runtime:
// kept in the process and in a private per-user cache file (sampleCache.ts; a test suite seeds many
// databases, and a restarted server should not run a large course's Python again).
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

/** One question's samples, or none and why (its variant is broken, its test() gives no answer, ...). */
export interface OneQuestionSamples {
  variants: VariantSample[];
  note?: string;
}

export const SEEDS_PER_QUESTION = 3;
/** Part of the cache key: change it when what a SampleMaker computes changes. */
const SAMPLES_VERSION = 4;

/** Per question, so that a course with one edited question computes only that one again. */
const cache = new Map<string, Promise<OneQuestionSamples>>();

/**
 * Makes the samples of one question at a time, reusing them (in the process and in a file under the
 * system's temporary folder) while the question's files, the course's shared code and the runtime stay
 * the same. Rejects only when Python cannot start; a question that fails gets no samples and a note.
 */
export class SampleMaker {
  private runtime?: QuestionRuntime;
  private sharedKey?: string;

  constructor(
    private readonly courseRoot: string,
    private readonly python?: string,
  ) {}

  of(qid: string): Promise<OneQuestionSamples> {
    this.sharedKey ??= sharedContentKey(this.courseRoot, this.python);
    const key = questionKey(this.sharedKey, this.courseRoot, qid);
    let found = cache.get(key);
    if (!found) {
      this.runtime ??= new QuestionRuntime({ python: this.python, poolSize: 2, timeoutMs: 10_000 });
      const runtime = this.runtime;
      found = fromFile(key, qid) ?? samplesOf(runtime, this.courseRoot, qid).then((made) => toFile(key, qid, made));
      // Python that cannot start is not a fact about the question: not kept.
      found.catch(() => cache.delete(key));
      cache.set(key, found);
    }
    return found;
  }

  async dispose(): Promise<void> {
    await this.runtime?.dispose();
  }
}

/** Samples of `qids` in the course at `courseRoot` (two questions at a time), or none and why when Python cannot run. */
export async function questionSamples(courseRoot: string, qids: string[], python?: string): Promise<QuestionSamples> {
  const maker = new SampleMaker(courseRoot, python);
  const byQid = new Map<string, VariantSample[]>();
  try {
    let next = 0;
    const worker = async () => {
      while (next < qids.length) {
        const qid = qids[next++];
        byQid.set(qid, (await maker.of(qid)).variants);
      }
    };
    await Promise.all([worker(), worker()]);
    return { byQid };
  } catch (err) {
    return { byQid: new Map(), problem: (err as Error).message };
  } finally {
    await maker.dispose();
  }
}

function fromFile(key: string, qid: string): Promise<OneQuestionSamples> | undefined {
  const folder = sampleCacheFolder();
  const entries = folder ? readSampleFile(folder, key, SAMPLES_VERSION) : undefined;
  const found = entries?.find(([q]) => q === qid);
  return found ? Promise.resolve({ variants: found[1] }) : undefined;
}

/** Only questions with samples are kept in the file; one without is made again by the next process (with its note). */
function toFile(key: string, qid: string, made: OneQuestionSamples): OneQuestionSamples {
  const folder = sampleCacheFolder();
  if (folder && made.variants.length > 0) writeSampleFile(folder, key, SAMPLES_VERSION, [[qid, made.variants]]);
  return made;
}

const firstIssue = (issues: { message: string }[]) => (issues[0] ? `: ${issues[0].message.split('\n')[0].slice(0, 200)}` : '');

async function samplesOf(runtime: QuestionRuntime, courseRoot: string, qid: string): Promise<OneQuestionSamples> {
  const variants: VariantSample[] = [];
  for (let i = 0; i < SEEDS_PER_QUESTION; i++) {
    const seed = sampleSeed(qid, i);
    const variant = await runtime.createVariant(courseRoot, qid, seed);
    if (variant.broken) return { variants: [], note: `its variant for seed ${seed} is broken${firstIssue(variant.issues)}` };
    const generated = { params: structuredClone(variant.params), true_answer: structuredClone(variant.correctAnswers) };
    const answer = async (type: 'correct' | 'incorrect'): Promise<AnswerSample | string> => {
      const { raw, issues } = await runtime.testAnswers(variant, type);
      if (!raw) return `it gives no ${type} test answer${firstIssue(issues)}`;
      const s = await runtime.submit(variant, raw, 'grade');
      if (s.broken) return `its ${type} test answer breaks grading${firstIssue(s.issues)}`;
      if (!s.gradable) return `its ${type} test answer is not gradable here`;
      return stored(s);
    };
    let correct = await answer('correct');
    if (typeof correct === 'string') return { variants: [], note: correct };
    let wrong = await answer('incorrect');
    if (typeof wrong === 'string') return { variants: [], note: wrong };
    // Its own correct answer below 100%: an element the runtime does not run (a marked box) grades it
    // here, not the question, so the scores come from the ability model as for external grading.
    if (correct.score !== null && correct.score < 1) [correct, wrong] = [notGraded(correct), notGraded(wrong)];
    variants.push({ seed, ...generated, correct, wrong });
  }
  return { variants };
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

/** Hashes every file under `dir` (paths relative to `base`) into `hash`; __pycache__ is skipped. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string, base: string): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return;
  }
  for (const e of entries) {
    const file = path.join(dir, e.name);
    if (e.name === '__pycache__') continue;
    if (e.isDirectory()) hashTree(hash, file, base);
    else if (e.isFile()) hash.update(`${path.relative(base, file)}\n`).update(fs.readFileSync(file));
  }
}

/** What every question's samples depend on: the course's shared code and the runtime's own Python. */
function sharedContentKey(courseRoot: string, python?: string): string {
  const hash = createHash('sha256').update(`${SAMPLES_VERSION}/${SEEDS_PER_QUESTION}\n${python ?? ''}\n`);
  for (const shared of ['elements', 'elementExtensions', 'serverFilesCourse']) hashTree(hash, path.join(courseRoot, shared), courseRoot);
  hash.update('runtime\n');
  try {
    const root = pythonRoot();
    hashTree(hash, root, root);
  } catch {
    // No runtime files: the runtime reports that.
  }
  return hash.digest('hex');
}

/** One question's files on top of the shared key: the same content gives the same samples. */
function questionKey(sharedKey: string, courseRoot: string, qid: string): string {
  const hash = createHash('sha256').update(`${sharedKey}\n${qid}\n`);
  hashTree(hash, path.join(courseRoot, 'questions', ...qid.split('/')), courseRoot);
  return hash.digest('hex');
}
