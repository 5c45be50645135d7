import type { QuestionSource } from './question';
import { plfileUrl } from '../protocol';

export interface ElementDependencies {
  name: string;
  course: boolean;
  dependencies: Record<string, unknown>;
  /** The course's extensions of this element (elementExtensions/<element>/<extension>/info.json), by name. */
  extensions?: Record<string, Record<string, unknown>>;
}

/** Where each kind of dependency in an info.json lives, as a placeholder URL base. */
function base(kind: string, element?: ElementDependencies): string | undefined {
  if (kind.startsWith('core')) return plfileUrl(kind.endsWith('Styles') ? 'coreStyles' : 'coreScripts', '');
  if (kind.startsWith('nodeModules')) return plfileUrl('node_modules', '');
  if (kind.startsWith('clientFilesCourse')) return plfileUrl('clientFilesCourse', '');
  if (kind.startsWith('clientFilesQuestion')) return plfileUrl('clientFilesQuestion', '');
  if (kind.startsWith('element') && element) return plfileUrl(element.course ? 'courseElements' : 'coreElements', `${element.name}/`);
  return undefined;
}

/**
 * The page-head tags for the elements that rendered, the question's own `dependencies` and last the
 * rendered elements' extensions (`extensionStyles`/`extensionScripts`, after the element's own so that its
 * page API exists when theirs run): stylesheets first, then scripts, each once (as PrairieLearn's
 * freeform.ts gathers them, without the import map). An extension's script carries
 * `data-element-extension="<element>"`, so that the preview can give it the libraries it expects.
 */
export function buildHeadHtml(q: QuestionSource, rendered: ElementDependencies[], nonce?: string): string {
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const add = (deps: Record<string, unknown>, element?: ElementDependencies) => {
    for (const [kind, files] of Object.entries(deps)) {
      const prefix = base(kind, element);
      if (!prefix || !Array.isArray(files)) continue;
      for (const f of files) if (typeof f === 'string') (kind.endsWith('Styles') ? styles : scripts).add(prefix + f);
    }
  };
  for (const e of rendered) add(e.dependencies, e);
  add(q.dependencies);
  const extensionOf = new Map<string, string>();
  for (const e of rendered) {
    for (const [ext, deps] of Object.entries(e.extensions ?? {})) {
      for (const kind of ['extensionStyles', 'extensionScripts'] as const) {
        const files = deps?.[kind];
        if (!Array.isArray(files)) continue;
        for (const f of files) {
          if (typeof f !== 'string') continue;
          const url = plfileUrl('courseElementExtensions', `${e.name}/${ext}/${f}`);
          (kind === 'extensionStyles' ? styles : scripts).add(url);
          extensionOf.set(url, e.name);
        }
      }
    }
  }
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const withNonce = nonce ? ` nonce="${attr(nonce)}"` : '';
  const mark = (s: string) => (extensionOf.has(s) ? ` data-element-extension="${attr(extensionOf.get(s)!)}"` : '');
  return [...[...styles].map((s) => `<link href="${attr(s)}" rel="stylesheet">`), ...[...scripts].map((s) => `<script src="${attr(s)}"${withNonce}${mark(s)}></script>`)].join('\n');
}
