import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { INFO_FILE_NAME } from '../../lib/course';
import type { ContainerEngineSetting } from './settings';
import { findPython, QuestionRuntime } from '../../lib/runtime';
import {
  NO_PYTHON_CODE, type JsonObject, type RenderedQuestion, type RuntimeIssue, type Submission, type Variant,
  type PreviewFile, type PreviewMethod, type PreviewRequests, type PreviewState, type QuestionRef,
  type SubmissionRecord,
} from '../../lib/protocol';

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
  for (let root = nodePath.dirname(dir); root !== nodePath.dirname(root); root = nodePath.dirname(root)) {
    if (!fs.existsSync(nodePath.join(root, INFO_FILE_NAME.course))) continue;
    const rel = nodePath.relative(nodePath.join(root, 'questions'), dir);
    if (!rel || rel.startsWith('..') || nodePath.isAbsolute(rel)) break;
    return { courseRoot: root, qid: rel.split(nodePath.sep).join('/') };
  }
  throw new ResponseError(ErrorCodes.InvalidParams, `${questionDir} is not a question folder under questions/ of a course (no infoCourse.json above it).`);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The preview's requests (protocol/questionPreview.ts) over one QuestionRuntime, made with the
 * Python the client names (its `prairielearn.python` setting) and made again when that changes.
 * Variants and their submissions live here, by session id, so the client holds only the id.
 */
export class QuestionPreviewService {
  private runtime?: { python: string | undefined; engine: ContainerEngineSetting; runtime: Promise<QuestionRuntime> };

  /** `engine`: the `prairielearn.externalGrading.engine` setting, read when a runtime is made. */
  constructor(private readonly engine: () => ContainerEngineSetting = () => 'auto') {}
  private readonly sessions = new Map<string, Session>();

  /** A runtime for `python`, after checking that it can run questions (a failure is not kept). */
  private runtimeFor(python: string | undefined): Promise<QuestionRuntime> {
    const engine = this.engine();
    if (this.runtime && this.runtime.python === python && this.runtime.engine === engine) return this.runtime.runtime;
    const previous = this.runtime?.runtime;
    void previous?.then((r) => r.dispose()).catch(() => undefined);
    const runtime = findPython(python).then((found) => {
      if (!found.ok) throw new ResponseError(NO_PYTHON_CODE, found.message, found.message);
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
    if (!s) throw new ResponseError(ErrorCodes.InvalidParams, 'This preview has expired; open it again.');
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
    const m = /^plfile:\/(generatedFilesQuestion\/variant|generatedFilesQuestion\/submission\/(\d+)|submissionFiles\/(\d+))\/(.+)$/.exec(p.url);
    if (!m) return { error: `${p.url} is not a file the question makes` };
    const name = decodeURIComponent(m[4]);
    const index = Number(m[2] ?? m[3]);
    const submission = m[2] !== undefined || m[3] !== undefined ? s.submissions[index]?.submission : undefined;
    if ((m[2] !== undefined || m[3] !== undefined) && !submission) return { error: `no submission ${index}` };
    if (m[3] !== undefined) {
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
}

/** Registers the preview's requests on the connection (one line in server.ts). */
export function registerQuestionPreview(connection: Connection, engine?: () => ContainerEngineSetting): QuestionPreviewService {
  const service = new QuestionPreviewService(engine);
  const on = <M extends PreviewMethod>(method: M, handler: (p: PreviewRequests[M][0]) => PreviewRequests[M][1] | Promise<PreviewRequests[M][1]>) =>
    connection.onRequest(method, async (params: PreviewRequests[M][0]): Promise<unknown> => {
      try {
        return await handler(params);
      } catch (err) {
        if (err instanceof ResponseError) throw err;
        connection.console.error(`${method} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        throw new ResponseError(ErrorCodes.InternalError, err instanceof Error ? err.message : String(err));
      }
    });
  on('prairielearn/preview/createVariant', (p) => service.createVariant(p));
  on('prairielearn/preview/render', (p) => service.render(p));
  on('prairielearn/preview/submit', (p) => service.submit(p));
  on('prairielearn/preview/file', (p) => service.file(p));
  on('prairielearn/preview/renderSubmission', (p) => service.renderSubmission(p));
  on('prairielearn/preview/close', (p) => service.close(p));
  // No shutdown hook (server.ts owns onShutdown): the Python helpers end when their stdin closes with this process.
  return service;
}
