// The runtime's placeholder URLs (`plfile:/<area>/<path>`, server/lib/runtime/urls.ts) and what
// the preview serves for each: a file under the course or the extension, fetched by the webview from its
// resource URIs, or a file the question makes, fetched through the language server and inlined.
import * as path from 'node:path';

export const PLFILE_URL = /plfile:\/([A-Za-z_]+)\/([^"'\s<>)]*)/g;

/** Where the local areas live. */
export interface PlfileRoots {
  courseRoot: string;
  questionDir: string;
  /** The runtime's own elements (server/python/elements in the extension). */
  coreElements: string;
}

export type PlfileTarget = { kind: 'local'; file: string } | { kind: 'dynamic' } | { kind: 'unavailable' };

function under(root: string, rel: string): PlfileTarget {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel.split(/[?#]/)[0]);
  } catch {
    return { kind: 'unavailable' };
  }
  const file = path.resolve(root, decoded);
  // A path that climbs out of its area serves nothing.
  return file.startsWith(path.resolve(root) + path.sep) ? { kind: 'local', file } : { kind: 'unavailable' };
}

/** What serves `plfile:/<area>/<rest>`; PrairieLearn's own page assets (coreStyles, ...) are not shipped. */
export function plfileTarget(area: string, rest: string, roots: PlfileRoots): PlfileTarget {
  switch (area) {
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
    case 'generatedFilesQuestion':
    case 'submissionFiles':
      return { kind: 'dynamic' };
    default:
      return { kind: 'unavailable' };
  }
}

/** The placeholder URLs of `html` that the language server must make (each once). */
export function dynamicPlfileUrls(html: string, roots: PlfileRoots): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(PLFILE_URL)) if (plfileTarget(m[1], m[2], roots).kind === 'dynamic') urls.add(m[0]);
  return [...urls];
}

/**
 * `html` with every placeholder replaced: local files by `localUri(file)`, dynamic ones by `dynamic`'s
 * entry (the webview URL of the file written for it), anything else by an empty URL. `<link>`/`<script>` tags of assets not shipped go.
 */
export function rewritePlfileUrls(html: string, roots: PlfileRoots, localUri: (file: string) => string, dynamic: ReadonlyMap<string, string>): string {
  const target = (url: string) => {
    const m = /^plfile:\/([A-Za-z_]+)\/(.*)$/.exec(url);
    return m ? plfileTarget(m[1], m[2], roots) : { kind: 'unavailable' as const };
  };
  const withoutDeadTags = html.replace(/<(link|script)\b[^>]*?\b(?:href|src)="(plfile:\/[^"]*)"[^>]*>(?:\s*<\/script>)?/gi, (tag, _name, url: string) =>
    target(url).kind === 'unavailable' ? '' : tag,
  );
  return withoutDeadTags.replace(PLFILE_URL, (url, area: string, rest: string) => {
    const t = plfileTarget(area, rest, roots);
    if (t.kind === 'local') return localUri(t.file);
    if (t.kind === 'dynamic') return dynamic.get(url) ?? '';
    return '';
  });
}
