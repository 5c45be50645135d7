// Opens every question's preview page of real courses in Chromium, as the VS Code panel shows it, and
// records what goes wrong in the page (not on the server): page errors, console errors, refusals of the
// page's Content-Security-Policy, failed requests, and elements a page script left undrawn
// (previewPageProbe.ts). Per question: a variant of seed 1, its question panel; then the answer the
// elements' and server.py's test() make for "correct", graded, and the page with its submission and
// answer panels. The page is built as client/src/questionPreview/previewPanel.ts builds it: the runtime's
// panels and head, placeholder URLs rewritten to files (made files written to a scratch folder), the
// preview's policy and nonce, and dist/'s libraries (run `node build.mjs` first).
// A maintenance tool, not a test (it needs the real courses and takes minutes):
//   nice -n 10 node --import tsx test/upstream/sweep_preview_pages.ts [--timeout 40000] [--out sweep.json]
//     [--only <qid-substring>] [--from <qid>] [--keep] <course folder>...
// --from starts at that QID (in sorted order), to split a long course between runs.
// --keep leaves the pages (question.html, graded.html per question) in the scratch folder it prints.
// It writes nothing into the courses. The JSON lists, per course and question, the server-side outcome
// and every page finding; the summary on stdout counts pages with no finding and findings by kind.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { previewPage, type PageAssets } from '../../client/src/questionPreview/previewPage';
import { dynamicPlfileUrls, rewritePlfileUrls, type PlfileRoots } from '../../client/src/questionPreview/plfileUrls';
import { parsePlfileUrl, type PreviewState, type RuntimeIssue } from '../../server/lib/protocol';
import { findPython, QuestionRuntime, type Submission, type Variant } from '../../server/lib/runtime';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';
import { launchChromium, playwright } from '../client/chromium';
import { CSP_LISTENER, PROBE_SCRIPT, SETTLE_SCRIPT, type PageMark } from './previewPageProbe';

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');

interface PageFindings {
  stage: 'question' | 'graded';
  marks: PageMark[];
}

interface QuestionSweep {
  qid: string;
  /** Server side: broken variant, test() without an answer, the grade of the correct answer. */
  server: { broken: boolean; fatalIssues: string[]; tested: boolean; score?: number | null };
  pages: PageFindings[];
  /** The sweep itself failed for this question (timeout, crash). */
  sweepError?: string;
}

function args(argv: string[]) {
  const o = { timeout: 40000, out: 'preview-page-sweep.json', only: undefined as string | undefined, from: '', keep: false, courses: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--timeout') o.timeout = Number(argv[++i]);
    else if (a === '--out') o.out = argv[++i];
    else if (a === '--only') o.only = argv[++i];
    else if (a === '--keep') o.keep = true;
    else if (a === '--from') o.from = argv[++i];
    else o.courses.push(path.resolve(a));
  }
  return o;
}

/** Every question folder's QID (a folder under questions/ holding info.json), sorted. */
function qidsOf(courseRoot: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (fs.existsSync(path.join(dir, 'info.json'))) return void out.push(path.relative(path.join(courseRoot, 'questions'), dir).split(path.sep).join('/'));
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(dir, e.name));
  };
  walk(path.join(courseRoot, 'questions'));
  return out.sort();
}

const fileUrl = (p: string) => `file://${p}`;

function assets(): PageAssets {
  return {
    nonce: 'N0NCE', cspSource: 'file:', katexCss: fileUrl(`${DIST}/katex/katex.min.css`), katexJs: fileUrl(`${DIST}/katex/katex.min.js`),
    katexAutoRender: fileUrl(`${DIST}/katex/auto-render.min.js`), aceBase: fileUrl(`${DIST}/ace/`), vizJs: fileUrl(`${DIST}/viz/viz-global.js`),
    quillBase: fileUrl(`${DIST}/quill/`), excalidrawBase: fileUrl(`${DIST}/excalidraw/`), jqueryJs: fileUrl(`${DIST}/jquery/jquery.min.js`),
  };
}

/** The preview's state as the language server's sessions make it (server/lib/runtime/previewSessions.ts). */
async function stateOf(runtime: QuestionRuntime, v: Variant, subs: Submission[]): Promise<PreviewState> {
  const rendered = await runtime.render(v, subs);
  const issues: RuntimeIssue[] = [];
  const seen = new Set<string>();
  for (const issue of [...v.issues, ...(subs.at(-1)?.issues ?? []), ...rendered.issues]) {
    const key = `${issue.phase}|${issue.file}|${issue.line}|${issue.message}`;
    if (!seen.has(key)) issues.push(issue);
    seen.add(key);
  }
  return {
    session: 'sweep', courseRoot: v.courseRoot, qid: v.qid, seed: v.seed, broken: v.broken, params: v.params, correctAnswers: v.correctAnswers, rendered,
    submissions: subs.map((x) => ({ action: 'grade' as const, score: x.score, graded: x.graded, gradable: x.gradable, broken: x.broken, formatErrors: x.formatErrors, ...(x.note ? { note: x.note } : {}) })),
    issues, sameVariant: false,
  };
}

/** The page file for a state: panels rewritten as previewPanel.ts does, made files written beside it. */
async function pageFile(runtime: QuestionRuntime, v: Variant, subs: Submission[], state: PreviewState, dir: string, name: string): Promise<{ url: string; marks: PageMark[] }> {
  const marks: PageMark[] = [];
  const roots: PlfileRoots = { courseRoot: v.courseRoot, questionDir: path.join(v.courseRoot, 'questions', v.qid), coreElements: ELEMENTS_DIR };
  const r = state.rendered;
  const dynamic = new Map<string, string>();
  for (const url of dynamicPlfileUrls([r.questionHtml, ...r.submissionHtmls, r.answerHtml ?? '', r.headHtml].join('\n'), roots)) {
    const ref = parsePlfileUrl(url);
    let bytes: Buffer | undefined;
    try {
      if (ref?.kind === 'variantFile') bytes = await runtime.file(v, ref.name);
      else if (ref?.kind === 'submissionFile') {
        const s = subs[ref.index];
        if (s && ref.generated) bytes = await runtime.file(v, ref.name, s);
        else if (s) {
          const files = (s.submittedAnswers._files ?? []) as Array<{ name?: string; contents?: string }>;
          const found = Array.isArray(files) ? files.find((f) => f?.name === ref.name) : undefined;
          if (found?.contents !== undefined) bytes = Buffer.from(String(found.contents), 'base64');
        }
      }
    } catch (err) {
      // The page then shows the missing file, as the preview does; why it is missing is said here.
      const issue = (err as { issues?: RuntimeIssue[] }).issues?.find((i) => i.fatal);
      marks.push({ kind: 'made-file-failed', detail: `${url}: ${(issue?.message ?? (err as Error).message).slice(0, 200)}` });
    }
    if (bytes) {
      const file = path.join(dir, `made-${dynamic.size}-${path.basename(ref && 'name' in ref ? ref.name : 'file')}`);
      fs.writeFileSync(file, bytes);
      dynamic.set(url, fileUrl(file));
    }
  }
  const rewrite = (html: string) => rewritePlfileUrls(html, roots, fileUrl, dynamic);
  const panels = { question: rewrite(r.questionHtml), submissions: r.submissionHtmls.map(rewrite), answer: r.answerHtml === undefined ? undefined : rewrite(r.answerHtml), head: rewrite(r.headHtml) };
  const file = path.join(dir, `${name}.html`);
  fs.writeFileSync(file, previewPage({ state, panels }, assets()));
  return { url: fileUrl(file), marks };
}

/** Opens `url` in a fresh tab as a webview, lets its scripts settle, and returns every finding. */
async function openPage(browser: any, url: string): Promise<PageMark[]> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const marks: PageMark[] = [];
  tab.on('pageerror', (e: Error) => marks.push({ kind: 'page-error', detail: e.message.slice(0, 300) }));
  tab.on('console', (m: any) => {
    if (m.type() !== 'error') return;
    const text: string = m.text();
    // The policy's refusals come again as securitypolicyviolation events (with their directive).
    if (/Content Security Policy/.test(text)) return;
    marks.push({ kind: 'console-error', detail: text.slice(0, 300) });
  });
  tab.on('requestfailed', (r: any) => marks.push({ kind: 'request-failed', detail: `${r.url().replace(ROOT, '<repo>').slice(0, 200)}: ${r.failure()?.errorText}` }));
  await tab.addInitScript({ content: `window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m) });\n${CSP_LISTENER}` });
  try {
    await tab.goto(url, { waitUntil: 'load', timeout: 20000 });
    await tab.evaluate(SETTLE_SCRIPT(400, 6000));
    marks.push(...((await tab.evaluate(PROBE_SCRIPT)) as PageMark[]));
  } finally {
    await context.close();
  }
  return marks;
}

async function sweepQuestion(runtime: QuestionRuntime, browser: any, courseRoot: string, qid: string, dir: string): Promise<QuestionSweep> {
  const v = await runtime.createVariant(courseRoot, qid, '1');
  const fatal = (issues: RuntimeIssue[]) => issues.filter((i) => i.fatal).map((i) => `${i.phase}: ${i.message}`.slice(0, 200));
  const out: QuestionSweep = { qid, server: { broken: v.broken, fatalIssues: fatal(v.issues), tested: false }, pages: [] };
  const first = await stateOf(runtime, v, []);
  const page = async (subs: Submission[], state: PreviewState, name: 'question' | 'graded') => {
    const made = await pageFile(runtime, v, subs, state, dir, name);
    out.pages.push({ stage: name, marks: [...made.marks, ...(await openPage(browser, made.url))] });
  };
  await page([], first, 'question');
  if (v.broken) return out;
  const tested = await runtime.testAnswers(v, 'correct');
  out.server.fatalIssues.push(...fatal(tested.issues));
  if (!tested.raw) return out;
  out.server.tested = true;
  const s = await runtime.submit(v, tested.raw, 'grade');
  out.server.score = s.score;
  out.server.fatalIssues.push(...fatal(s.issues));
  const graded = await stateOf(runtime, v, [s]);
  out.server.fatalIssues.push(...fatal(graded.rendered.issues));
  await page([s], graded, 'graded');
  return out;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms); })]).finally(() => clearTimeout(timer));
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  if (o.courses.length === 0) throw new Error('usage: sweep_preview_pages.ts [--timeout ms] [--out file] [--only qid-part] <course>...');
  const pw = playwright();
  if (typeof pw === 'string') throw new Error(pw);
  const python = await findPython(undefined);
  if (!python.ok) throw new Error(python.message);
  let browser = await launchChromium(pw);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-sweep-'));
  const report: Record<string, QuestionSweep[]> = {};
  try {
    for (const course of o.courses) {
      const runtime = new QuestionRuntime({ python: python.python, poolSize: 1, timeoutMs: 10000 });
      const results: QuestionSweep[] = (report[path.basename(course)] = []);
      try {
        for (const qid of qidsOf(course).filter((q) => (!o.only || q.includes(o.only)) && q >= o.from)) {
          // A page that crashed the browser costs its own question only.
          if (!browser.isConnected()) browser = await launchChromium(pw);
          const dir = fs.mkdtempSync(path.join(scratch, 'q-'));
          const attempt = () => withTimeout(sweepQuestion(runtime, browser, course, qid, dir), o.timeout).catch((err: Error): QuestionSweep => ({ qid, server: { broken: false, fatalIssues: [], tested: false }, pages: [], sweepError: err.message }));
          // Once more after a timeout: the first question pays for the helper's cold imports (pandas
          // takes tens of seconds on a loaded machine), which is no fault of its page.
          let r = await attempt();
          if (r.sweepError?.startsWith('timed out')) r = await attempt();
          results.push(r);
          // Written after each question, so that a long run can be read (or stopped) half-way.
          fs.writeFileSync(o.out, JSON.stringify(report, null, 1));
          const n = r.pages.reduce((k, p) => k + p.marks.length, 0);
          process.stderr.write(`${path.basename(course)} ${qid}: ${r.sweepError ?? `${n} finding(s)`}\n`);
        }
      } finally {
        await runtime.dispose();
      }
    }
  } finally {
    await browser.close();
    if (o.keep) console.log(`pages kept in ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  fs.writeFileSync(o.out, JSON.stringify(report, null, 1));
  for (const [course, results] of Object.entries(report)) {
    const clean = results.filter((r) => !r.sweepError && r.pages.every((p) => p.marks.length === 0)).length;
    const kinds = new Map<string, number>();
    for (const r of results) for (const k of new Set(r.pages.flatMap((p) => p.marks.map((m) => m.kind)))) kinds.set(k, (kinds.get(k) ?? 0) + 1);
    const errors = results.filter((r) => r.sweepError).length;
    console.log(`${course}: ${results.length} questions opened, ${clean} pages with no finding, ${errors} sweep errors; questions by finding: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
