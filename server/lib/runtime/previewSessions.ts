// The question preview's state: sessions of a variant and its submissions, and an API submission
// record shown in its question's panels. The language server only carries the requests to it
// (apps/languageServer/questionPreview.ts); nothing here knows the transport.
import { randomUUID } from 'node:crypto';
import * as nodePath from 'node:path';
import {
  courseRootOf, parsePlfileUrl, qidOf, type JsonObject, type PreviewFile, type PreviewRequests, type PreviewState,
  type QuestionRef, type RenderedQuestion, type RuntimeIssue, type RuntimeOptions, type Submission,
  type SubmissionRecord, type Variant,
} from '../protocol';
import { findPython } from './findPython';
import { QuestionRuntime } from './runtime';

export type ContainerEngine = NonNullable<RuntimeOptions['containerEngine']>;

/**
 * A request the preview cannot answer, and why: no Python that runs questions (`noPython`, which the
 * client answers by offering to make an environment), or a request that names no question or an
 * expired session (`badRequest`).
 */
export class PreviewError extends Error {
  constructor(
    readonly kind: 'noPython' | 'badRequest',
    message: string,
  ) {
    super(message);
  }
}

/** Previews open at once; the oldest is forgotten past this (a closed panel closes its own). */
const MAX_SESSIONS = 32;

interface Session {
  variant: Variant;
  /** The params and correct answers as generated, before any submission changed them. */
  generated: { params: JsonObject; correctAnswers: JsonObject };
  submissions: Array<{ submission: Submission; action: 'save' | 'grade' }>;
  python?: string;
}

/** The course root and QID of a question folder: the nearest folder above with infoCourse.json. */
export function locateQuestion(questionDir: string): { courseRoot: string; qid: string } {
  const dir = nodePath.resolve(questionDir);
  const courseRoot = courseRootOf(nodePath.dirname(dir));
  const qid = courseRoot === undefined ? undefined : qidOf(courseRoot, dir);
  if (courseRoot !== undefined && qid !== undefined) return { courseRoot, qid };
  throw new PreviewError('badRequest', `${questionDir} is not a question folder under questions/ of a course (no infoCourse.json above it).`);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The preview's sessions (the requests of protocol/questionPreview.ts, without their transport) over
 * one QuestionRuntime, made with the Python the client names (its `prairielearn.python` setting) and
 * made again when that or the container engine changes. Variants and their submissions live here,
 * by session id, so that the client holds only the id.
 */
export class PreviewSessions {
  private runtime?: { python: string | undefined; engine: ContainerEngine; runtime: Promise<QuestionRuntime> };

  /** `engine`: the `prairielearn.externalGrading.engine` setting, read when a runtime is made. */
  constructor(private readonly engine: () => ContainerEngine = () => 'auto') {}
  private readonly sessions = new Map<string, Session>();

  /** A runtime for `python`, after checking that it can run questions (a failure is not kept). */
  private runtimeFor(python: string | undefined): Promise<QuestionRuntime> {
    const engine = this.engine();
    if (this.runtime && this.runtime.python === python && this.runtime.engine === engine) return this.runtime.runtime;
    const previous = this.runtime?.runtime;
    void previous?.then((r) => r.dispose()).catch(() => undefined);
    const runtime = findPython(python).then((found) => {
      if (!found.ok) throw new PreviewError('noPython', found.message);
      return new QuestionRuntime({ python: found.python, poolSize: 2, timeoutMs: 10000, containerEngine: engine });
    });
    this.runtime = { python, engine, runtime };
    runtime.catch(() => {
      if (this.runtime?.runtime === runtime) this.runtime = undefined;
    });
    return runtime;
  }

  private session(id: string): Session {
    const s = this.sessions.get(id);
    if (!s) throw new PreviewError('badRequest', 'This preview has expired; open it again.');
    return s;
  }

  private keep(session: Session): string {
    const id = randomUUID();
    this.sessions.set(id, session);
    while (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    return id;
  }

  private async state(id: string, s: Session, sameVariant: boolean): Promise<PreviewState> {
    const runtime = await this.runtimeFor(s.python);
    const rendered: RenderedQuestion = await runtime.render(s.variant, s.submissions.map((x) => x.submission));
    const issues: RuntimeIssue[] = [];
    const seen = new Set<string>();
    for (const issue of [...s.variant.issues, ...(s.submissions.at(-1)?.submission.issues ?? []), ...rendered.issues]) {
      const key = `${issue.phase}|${issue.file}|${issue.line}|${issue.message}`;
      if (!seen.has(key)) issues.push(issue);
      seen.add(key);
    }
    return {
      session: id,
      courseRoot: s.variant.courseRoot,
      qid: s.variant.qid,
      seed: s.variant.seed,
      broken: s.variant.broken,
      params: s.variant.params,
      correctAnswers: s.variant.correctAnswers,
      rendered,
      submissions: s.submissions.map(({ submission: x, action }) => ({
        action,
        score: x.score,
        graded: x.graded,
        gradable: x.gradable,
        broken: x.broken,
        formatErrors: x.formatErrors,
        ...(x.note ? { note: x.note } : {}),
      })),
      issues,
      sameVariant,
    };
  }

  async createVariant(p: QuestionRef & { seed?: string }): Promise<PreviewState> {
    const { courseRoot, qid } = locateQuestion(p.questionDir);
    const runtime = await this.runtimeFor(p.python);
    const seed = p.seed?.trim() ? p.seed.trim().toLowerCase() : undefined;
    const variant = await runtime.createVariant(courseRoot, qid, seed);
    const s: Session = { variant, generated: { params: variant.params, correctAnswers: variant.correctAnswers }, submissions: [], python: p.python };
    return this.state(this.keep(s), s, false);
  }

  /** Generates the same seed again (server.py may have changed); submissions stay when the variant is the same. */
  async render(p: { session: string }): Promise<PreviewState> {
    const s = this.session(p.session);
    const runtime = await this.runtimeFor(s.python);
    const variant = await runtime.createVariant(s.variant.courseRoot, s.variant.qid, s.variant.seed);
    // Parse and grade write params back into the variant: compare what generate and prepare made.
    const same = !variant.broken && !s.variant.broken && sameJson(variant.params, s.generated.params) && sameJson(variant.correctAnswers, s.generated.correctAnswers);
    if (same) s.variant.issues = variant.issues;
    else {
      s.variant = variant;
      s.generated = { params: variant.params, correctAnswers: variant.correctAnswers };
      s.submissions = [];
    }
    return this.state(p.session, s, same);
  }

  async submit(p: PreviewRequests['prairielearn/preview/submit'][0]): Promise<PreviewState> {
    const s = this.session(p.session);
    const runtime = await this.runtimeFor(s.python);
    const submission = await runtime.submit(s.variant, p.raw, p.action === 'save' ? 'save' : 'grade');
    s.submissions.push({ submission, action: p.action });
    return this.state(p.session, s, true);
  }

  async file(p: { session: string; url: string }): Promise<PreviewFile> {
    const s = this.session(p.session);
    const ref = parsePlfileUrl(p.url);
    if (ref?.kind !== 'variantFile' && ref?.kind !== 'submissionFile') return { error: `${p.url} is not a file the question makes` };
    const { name } = ref;
    const submission = ref.kind === 'submissionFile' ? s.submissions[ref.index]?.submission : undefined;
    if (ref.kind === 'submissionFile' && !submission) return { error: `no submission ${ref.index}` };
    if (ref.kind === 'submissionFile' && !ref.generated) {
      const files = (submission!.submittedAnswers._files ?? []) as Array<{ name?: string; contents?: string }>;
      const found = Array.isArray(files) ? files.find((f) => f?.name === name) : undefined;
      return found?.contents !== undefined ? { base64: String(found.contents) } : { error: `no submitted file ${name}` };
    }
    try {
      const runtime = await this.runtimeFor(s.python);
      return { base64: (await runtime.file(s.variant, name, submission)).toString('base64') };
    } catch (err) {
      return { error: (err as Error).message };
    }
  }

  /** A submission from the API in the question's panels: its own params and answers, nothing run but render. */
  async renderSubmission(p: QuestionRef & { submission: SubmissionRecord }): Promise<PreviewState> {
    const { courseRoot, qid } = locateQuestion(p.questionDir);
    const r = p.submission;
    const obj = (v: unknown): JsonObject => (v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : {});
    const params = obj(r.params);
    const correctAnswers = obj(r.true_answer);
    const variant: Variant = { courseRoot, qid, seed: r.variant_seed ?? '0', params, correctAnswers, broken: false, issues: [], numTries: 1 };
    const formatErrors = obj(r.format_errors);
    const submission: Submission = {
      raw: obj(r.raw_submitted_answer ?? r.submitted_answer) as Record<string, string | string[]>,
      submittedAnswers: obj(r.submitted_answer),
      formatErrors,
      partialScores: r.partial_scores ? obj(r.partial_scores) : null,
      score: typeof r.score === 'number' ? r.score : null,
      feedback: obj(r.feedback),
      gradable: r.gradable ?? Object.keys(formatErrors).length === 0,
      broken: false,
      params,
      correctAnswers,
      graded: typeof r.score === 'number',
      issues: [],
    };
    const s: Session = { variant, generated: { params, correctAnswers }, submissions: [{ submission, action: 'grade' }], python: p.python };
    return this.state(this.keep(s), s, false);
  }

  close(p: { session: string }): null {
    this.sessions.delete(p.session);
    return null;
  }

  /** Stops the Python helpers; the sessions are forgotten. */
  async dispose(): Promise<void> {
    this.sessions.clear();
    const runtime = this.runtime?.runtime;
    this.runtime = undefined;
    await runtime?.then((r) => r.dispose(), () => undefined);
  }
}

