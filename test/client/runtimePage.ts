// The preview page of a question rendered by the real runtime, as the extension shows it (previewPage, with
// the runtime's placeholder URLs made file: URLs as the webview's resource URIs are), for page tests that
// need the runtime's own output: the nonce on the scripts the elements write, the head of element scripts.
import * as path from 'node:path';
import { previewPage, type PageAssets } from '../../client/src/questionPreview/previewPage';
import { rewritePlfileUrls } from '../../client/src/questionPreview/plfileUrls';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';
import type { RenderedQuestion, Variant } from '../../server/lib/runtime';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';

const ROOT = path.resolve(__dirname, '..', '..');
const f = (p: string) => `file://${p}`;
const dist = path.join(ROOT, 'dist');
const ASSETS: PageAssets = {
  nonce: 'PAGE-OWN-NONCE', cspSource: 'file:', katexCss: f(`${dist}/katex/katex.min.css`), katexJs: f(`${dist}/katex/katex.min.js`),
  katexAutoRender: f(`${dist}/katex/auto-render.min.js`),
};

/** The course of the pl-prairiedraw-figure page tests. */
export const PD_COURSE = path.join(ROOT, 'test', 'lib', 'runtime', 'fixtures', 'prairieDrawCourse');

/** The question preview page of `rendered` (question panel only). */
export function runtimePageHtml(course: string, v: Variant, qid: string, rendered: RenderedQuestion): string {
  const roots = { courseRoot: course, questionDir: path.join(course, 'questions', qid), coreElements: ELEMENTS_DIR };
  const rewrite = (html: string) => rewritePlfileUrls(html, roots, f, new Map());
  const state: PreviewState = {
    session: 's', courseRoot: course, qid, seed: v.seed, broken: false, params: v.params, correctAnswers: v.correctAnswers, rendered,
    submissions: [], issues: rendered.issues, sameVariant: false,
  };
  return previewPage({ state, panels: { question: rewrite(rendered.questionHtml), submissions: [], head: rewrite(rendered.headHtml) } }, ASSETS);
}
