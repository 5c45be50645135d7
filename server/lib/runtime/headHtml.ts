import type { QuestionSource } from './question';
import { plfileUrl } from '../protocol';

export interface ElementDependencies {
  name: string;
  course: boolean;
  dependencies: Record<string, unknown>;
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
 * The page-head tags for the elements that rendered and the question's own `dependencies`:
 * stylesheets first, then scripts, each once (as PrairieLearn's freeform.ts gathers them, without the import map).
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
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const withNonce = nonce ? ` nonce="${attr(nonce)}"` : '';
  return [...[...styles].map((s) => `<link href="${attr(s)}" rel="stylesheet">`), ...[...scripts].map((s) => `<script src="${attr(s)}"${withNonce}></script>`)].join('\n');
}
