// What the preview serves for each of the runtime's placeholder URLs (`plfile:/<area>/<path>`, read by
// server/lib/protocol/plfileUrls.ts): a file under the course or the extension, fetched by the webview from its
// resource URIs, or a file the question makes, fetched through the language server and inlined.
import * as path from 'node:path';
import { parsePlfileUrl, PLFILE_URL_IN_PAGE } from '../../../server/lib/protocol';

/** Where the local areas live. */
export interface PlfileRoots {
  courseRoot: string;
  questionDir: string;
  /** The runtime's own elements (server/python/elements in the extension). */
  coreElements: string;
}

export type PlfileTarget = { kind: 'local'; file: string } | { kind: 'dynamic' } | { kind: 'unavailable' };

function under(root: string, rel: string): PlfileTarget {
  const file = path.resolve(root, rel);
  // A path that climbs out of its area serves nothing.
  return file.startsWith(path.resolve(root) + path.sep) ? { kind: 'local', file } : { kind: 'unavailable' };
}

/** What serves the placeholder `url`; PrairieLearn's own page assets (coreStyles, ...) are not shipped. */
export function plfileTarget(url: string, roots: PlfileRoots): PlfileTarget {
  const ref = parsePlfileUrl(url);
  if (!ref) return { kind: 'unavailable' };
  if (ref.kind !== 'area') return { kind: 'dynamic' };
  const rest = ref.path;
  switch (ref.area) {
    case 'clientFilesQuestion':
      return under(path.join(roots.questionDir, 'clientFilesQuestion'), rest);
    case 'clientFilesCourse':
      return under(path.join(roots.courseRoot, 'clientFilesCourse'), rest);
    case 'questionFiles':
      // A legacy v2 question's files sit in its own folder; its server code is not served.
      return /(^|\/)server\.js$/.test(rest) ? { kind: 'unavailable' } : under(roots.questionDir, rest);
    case 'courseElements':
      return under(path.join(roots.courseRoot, 'elements'), rest);
    case 'courseElementExtensions':
      return under(path.join(roots.courseRoot, 'elementExtensions'), rest);
    case 'coreElements':
      return under(roots.coreElements, rest);
    default:
      return { kind: 'unavailable' };
  }
}

/** The placeholder URLs of `html` that the language server must make (each once). */
export function dynamicPlfileUrls(html: string, roots: PlfileRoots): string[] {
  const urls = new Set<string>();
  for (const [url] of html.matchAll(PLFILE_URL_IN_PAGE)) if (plfileTarget(url, roots).kind === 'dynamic') urls.add(url);
  return [...urls];
}

/**
 * `html` with every placeholder replaced: local files by `localUri(file)`, dynamic ones by `dynamic`'s
 * entry (the webview URL of the file written for it), anything else by an empty URL. `<link>`/`<script>` tags of assets not shipped go.
 */
export function rewritePlfileUrls(html: string, roots: PlfileRoots, localUri: (file: string) => string, dynamic: ReadonlyMap<string, string>): string {
  const withoutDeadTags = html.replace(/<(link|script)\b[^>]*?\b(?:href|src)="(plfile:\/[^"]*)"[^>]*>(?:\s*<\/script>)?/gi, (tag, _name, url: string) =>
    plfileTarget(url, roots).kind === 'unavailable' ? '' : tag,
  );
  return withoutDeadTags.replace(PLFILE_URL_IN_PAGE, (url) => {
    const t = plfileTarget(url, roots);
    if (t.kind === 'local') return localUri(t.file);
    if (t.kind === 'dynamic') return dynamic.get(url) ?? '';
    return '';
  });
}
