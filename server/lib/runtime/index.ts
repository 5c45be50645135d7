/**
 * The question runtime: PrairieLearn freeform (v3) questions run locally, with no vscode or LSP
 * imports, for the language server (preview), pl-check --test and the reference server.
 *
 * ```ts
 * const runtime = new QuestionRuntime({ poolSize: 2, timeoutMs: 10000, memoryMb: 2048 });
 * const variant = await runtime.createVariant(courseRoot, 'algebra/quadratic');      // generate + prepare
 * let page = await runtime.render(variant);                                          // question panel
 * const s = await runtime.submit(variant, { x: '3' }, 'grade');                      // parse + grade
 * page = await runtime.render(variant, [s]);            // + submission panel (+ answer panel per showCorrectAnswer)
 * const png = await runtime.file(variant, 'figure.png');                              // generatedFilesQuestion
 * const t = await runtime.test(courseRoot, 'algebra/quadratic');                      // instructor Test, "correct"
 * const { raw } = await runtime.testAnswers(variant, 'incorrect');                   // test()'s answers, to submit
 * await runtime.dispose();
 * ```
 *
 * Contract:
 * - `findPython(configured?)` tries `configured`, `python3`, `/usr/bin/python3`, and takes the first
 *   that imports numpy and lxml; otherwise `{ ok: false, message }` says what each lacked and what
 *   to install. `QuestionRuntime` calls it on first use (a failure rejects that call).
 * - Every call re-reads info.json and question.html, so a saved edit shows on the next render.
 *   A `Variant` is a plain object the caller keeps; `submit` writes parse/grade changes of
 *   `params`/`correct_answers` back into it and counts `numTries`.
 * - `render(variant, submissions)`: `submissions` oldest first (as returned by submit); the question
 *   panel uses the latest non-broken one, up to 3 submission panels come newest first, and the answer
 *   panel shows when info.json's showCorrectAnswer is not false and there is a submission. All
 *   panels render in one Python call unit (one RNG seeding). A broken variant renders
 *   `BROKEN_QUESTION` in every panel; a panel whose render failed reads `RENDER_ERROR`, with the
 *   reason in `issues`.
 * - Grading follows info.json: `partialCredit: false` gives 0 or 1; format errors make a submission
 *   ungradable (score and partialScores null); `gradingMethod` Manual is not graded here
 *   (`graded: false`, `note` says why). External grading runs the question's grader on the submitted
 *   files (externalGrading/): the built-in Python autograder for prairielearn/grader-python, a container
 *   for any other image when Docker or Podman runs here (`externalGrading`, `containerEngine`
 *   options); the grader's results become score, feedback (for pl-external-grader-results) and
 *   format errors as PrairieLearn records them; when it cannot run, `note` says why and what is needed.
 *   `gradeFiles(variant, {name: text})` grades files without the elements' parse (pl-check --test). `singleVariant` changes nothing on a preview (as in PrairieLearn).
 * - Issues (`RuntimeIssue`) carry `file`/`line` of the code at fault (server.py, an element
 *   controller, question.html) and the Python traceback. Fatal ones break the variant (generate,
 *   prepare) or submission (parse, grade); printed output is a non-fatal issue.
 * - Known PrairieLearn elements without a controller here render as
 *   `<div class="pl-unsupported-element ...">&lt;pl-xyz&gt; is not previewed here</div>` and are listed
 *   in `unsupportedElements`; the rest of the question still works.
 * - Python runs in at most `poolSize` long-lived helpers (server/python/plruntime/zygote.py) that
 *   fork a fresh child per call unit; a call past `timeoutMs` (per phase) is killed, a child over
 *   `memoryMb` of address space fails with MemoryError, and a dead helper is replaced.
 *
 * URLs in rendered HTML are placeholders the host rewrites, listed in urls.ts: `plfile:/clientFilesQuestion/...`,
 * `plfile:/clientFilesCourse/...`, `plfile:/generatedFilesQuestion/variant/<name>` (serve with `file()`),
 * `plfile:/generatedFilesQuestion/submission/<i>/<name>` (`file(variant, name, submissions[i])`),
 * `plfile:/submissionFiles/<i>/<name>`, `plfile:/coreElements/<element>/...`, `plfile:/courseElements/...`,
 * `plfile:/courseElementExtensions/...`, `plfile:/coreStyles/...`, `plfile:/coreScripts/...`, `plfile:/node_modules/...`.
 */
export { findPython } from './findPython';
export {
  QuestionRuntime, FileError, BROKEN_QUESTION, BROKEN_SUBMISSION, RENDER_ERROR, EXTERNAL_NOT_RUN,
  MANUAL_NOT_RUN,
} from './runtime';
export { PLFILE } from './urls';
export {
  readGradingOptions, usesPythonGrader, splitCommandLine, type GradingOptions,
} from './externalGrading/gradingOptions';
export { studentFiles, referenceFileNames, type StudentFile } from './externalGrading/submissionFiles';
export type { ExternalGradingMode } from './externalGrading/externalGrader';
export { pythonRoot } from './pythonRoot';
export { renderMustache } from './mustacheRender';
export { testVariant, type TestFinding, type VariantVerdict } from './testVerdicts';
export type {
  RuntimeOptions,
  PythonInfo,
  PythonProblem,
  RuntimePhase,
  RuntimeIssue,
  JsonObject,
  Variant,
  Submission,
  RenderedQuestion,
  ExpectedResult,
  QuestionTestResult,
} from '../protocol';
export { QUESTION_TEST_CODES, diagnosticCodes } from './diagnosticCodes';
