/**
 * Placeholder URLs in rendered HTML. The host (the VS Code webview, a test) rewrites each
 * `plfile:/<area>/...` to something it can serve:
 *
 * | URL | serves |
 * |---|---|
 * | `plfile:/clientFilesQuestion/<path>` | `<question>/clientFilesQuestion/<path>` |
 * | `plfile:/clientFilesCourse/<path>` | `<course>/clientFilesCourse/<path>` |
 * | `plfile:/questionFiles/<path>` | `<question>/<path>` (a legacy v2 question's own files, its `questionFile()`) |
 * | `plfile:/generatedFilesQuestion/variant/<name>` | `QuestionRuntime.file(variant, name)` |
 * | `plfile:/generatedFilesQuestion/submission/<i>/<name>` | `file(variant, name, submissions[i])` (i: index in the array given to render) |
 * | `plfile:/submissionFiles/<i>/<name>` | the `_files` entry `<name>` of `submissions[i].submittedAnswers` |
 * | `plfile:/coreElements/<element>/<path>` | `server/python/elements/<element>/<path>` (the runtime's own elements) |
 * | `plfile:/courseElements/<element>/<path>` | `<course>/elements/<element>/<path>` |
 * | `plfile:/courseElementExtensions/<element>/<ext>/<path>` | `<course>/elementExtensions/...` |
 * | `plfile:/coreStyles/<f>`, `plfile:/coreScripts/<f>`, `plfile:/node_modules/<path>` | PrairieLearn's page assets (not shipped) |
 */
export const PLFILE = 'plfile:/';

export function renderUrlOptions(dynamicUrl: string, submissionFilesUrl: string | null): Record<string, unknown> {
  return {
    base_url: PLFILE,
    client_files_question_url: `${PLFILE}clientFilesQuestion`,
    client_files_course_url: `${PLFILE}clientFilesCourse`,
    client_files_question_dynamic_url: dynamicUrl,
    submission_files_url: submissionFilesUrl,
    course_element_files_url: `${PLFILE}courseElements`,
    course_element_extension_files_url: `${PLFILE}courseElementExtensions`,
    workspace_url: null,
    external_image_capture_url: null,
    variant_id: null,
  };
}

export const VARIANT_DYNAMIC_URL = `${PLFILE}generatedFilesQuestion/variant`;

export function submissionDynamicUrl(index: number): string {
  return `${PLFILE}generatedFilesQuestion/submission/${index}`;
}

export function submissionFilesUrl(index: number): string {
  return `${PLFILE}submissionFiles/${index}`;
}

/** Dynamic file names that rendered HTML refers to, for the Test's file fetches (docs/reference/questionLifecycle.md, Test). */
export function dynamicFileNames(html: string): string[] {
  const names = new Set<string>();
  for (const m of html.matchAll(/plfile:\/generatedFilesQuestion\/variant\/([^"'\s<>?#]+)/g)) names.add(decodeURIComponent(m[1]));
  return [...names];
}
