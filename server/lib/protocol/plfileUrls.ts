/**
 * The placeholder URLs of a rendered question: the runtime writes `plfile:/<area>/<path>` where
 * PrairieLearn would write a server's URL, and the host (the preview webview, a test) turns each
 * into something it can serve. This module is the one place that writes and reads them.
 *
 * | URL | names |
 * |---|---|
 * | `plfile:/clientFilesQuestion/<path>` | `<question>/clientFilesQuestion/<path>` |
 * | `plfile:/clientFilesCourse/<path>` | `<course>/clientFilesCourse/<path>` |
 * | `plfile:/questionFiles/<path>` | `<question>/<path>` (a legacy v2 question's own files, its `questionFile()`) |
 * | `plfile:/generatedFilesQuestion/variant/<name>` | a file the question makes for the variant (`QuestionRuntime.file(variant, name)`) |
 * | `plfile:/generatedFilesQuestion/submission/<i>/<name>` | the same for `submissions[i]` (i: index in the array given to render) |
 * | `plfile:/submissionFiles/<i>/<name>` | the `_files` entry `<name>` of `submissions[i].submittedAnswers` |
 * | `plfile:/coreElements/<element>/<path>` | `server/python/elements/<element>/<path>` (the runtime's own elements) |
 * | `plfile:/courseElements/<element>/<path>` | `<course>/elements/<element>/<path>` |
 * | `plfile:/courseElementExtensions/<element>/<ext>/<path>` | `<course>/elementExtensions/...` |
 * | `plfile:/coreStyles/<f>`, `plfile:/coreScripts/<f>`, `plfile:/node_modules/<path>` | PrairieLearn's page assets (not shipped) |
 * | `plfile:/workspace` | a workspace question's workspace (the preview starts none) |
 *
 * Paths are URL paths, as elements write them: the reader decodes them and, as a web server does,
 * leaves out a query or fragment.
 */
export const PLFILE = 'plfile:/';

export type PlfileArea =
  | 'clientFilesQuestion'
  | 'clientFilesCourse'
  | 'questionFiles'
  | 'generatedFilesQuestion'
  | 'submissionFiles'
  | 'coreElements'
  | 'courseElements'
  | 'courseElementExtensions'
  | 'coreStyles'
  | 'coreScripts'
  | 'node_modules'
  | 'workspace';

/** The placeholder of `area`, or of `path` (already a URL path) in it. */
export function plfileUrl(area: PlfileArea, path?: string): string {
  return path === undefined ? `${PLFILE}${area}` : `${PLFILE}${area}/${path}`;
}

/** Where the files a question makes for its variant are, for the elements' `client_files_question_dynamic_url`. */
export const VARIANT_FILES_URL = plfileUrl('generatedFilesQuestion', 'variant');

/** Where the files a question makes while rendering `submissions[index]` are. */
export function submissionGeneratedFilesUrl(index: number): string {
  return plfileUrl('generatedFilesQuestion', `submission/${index}`);
}

/** Where the files `submissions[index]` carries are (`submission_files_url`). */
export function submissionFilesUrl(index: number): string {
  return plfileUrl('submissionFiles', String(index));
}

/** Every placeholder in a page: group 1 the area, group 2 the rest up to a quote, space, `<`, `>` or `)`. */
export const PLFILE_URL_IN_PAGE = /plfile:\/([A-Za-z_]+)\/([^"'\s<>)]*)/g;

/** What a placeholder names. `path` and `name` are decoded, without query or fragment. */
export type PlfileRef =
  | { kind: 'variantFile'; name: string }
  /** `generated`: made by the question for that submission; otherwise a file the submission carries. */
  | { kind: 'submissionFile'; generated: boolean; index: number; name: string }
  | { kind: 'area'; area: string; path: string };

/** The areas whose files a question makes or a submission carries: only the runtime can serve them. */
const DYNAMIC_AREAS: ReadonlySet<string> = new Set(['generatedFilesQuestion', 'submissionFiles']);

/**
 * What `url` names, or undefined when it is no placeholder, its path does not decode, or it is in
 * a made-files area but names no variant or submission file.
 */
export function parsePlfileUrl(url: string): PlfileRef | undefined {
  const m = /^plfile:\/([A-Za-z_]+)\/([^?#]*)/.exec(url);
  if (!m) return undefined;
  const [, area, rawPath] = m;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (!DYNAMIC_AREAS.has(area)) return { kind: 'area', area, path };
  // Matched on the raw path, so that an encoded slash stays part of a name.
  const made = area === 'generatedFilesQuestion' ? /^(?:variant|submission\/(\d+))\/(.+)$/.exec(rawPath) : undefined;
  const carried = area === 'submissionFiles' ? /^(\d+)\/(.+)$/.exec(rawPath) : undefined;
  const name = (made ?? carried)?.[2];
  if (name === undefined) return undefined;
  const decodedName = decodeURIComponent(name);
  if (made && made[1] === undefined) return { kind: 'variantFile', name: decodedName };
  const index = Number((made ?? carried)![1]);
  return { kind: 'submissionFile', generated: made !== undefined, index, name: decodedName };
}

/** The names of the variant's made files that `html` refers to, each once, in order of first use. */
export function variantFileNames(html: string): string[] {
  const names = new Set<string>();
  for (const m of html.matchAll(PLFILE_URL_IN_PAGE)) {
    const ref = parsePlfileUrl(m[0]);
    if (ref?.kind === 'variantFile') names.add(ref.name);
  }
  return [...names];
}
