import { canonicalAttribute } from './elements';
import type { Attribute, Element, Template } from './templateModel';
import { isLetter, TemplateScanner } from './templateScanner';
import { comment, endTag, startTag } from './templateTags';

export type { Attribute, Element, Section, Template, TemplateProblem, TemplateProblemKind } from './templateModel';

/**
 * Scans a question.html template (see `Template`). The text is read once, front to back: each
 * step below and in `templateTags.ts` returns the offset after what it read.
 */
export function parseTemplate(text: string): Template {
  const s = new TemplateScanner(text);
  const { n } = s;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const mustache = s.tagFrom(i);
    const mu = mustache?.start ?? -1;
    const next = lt < 0 ? mu : mu < 0 ? lt : Math.min(lt, mu);
    if (next < 0) break;
    if (next === mu) {
      if (mustache!.kind === 'raw') s.rawValues.push(mu);
      i = s.skipMustache(mu);
      continue;
    }
    i = markup(s, lt);
  }
  s.open.closeDownTo(0, n);
  return { text, mustache: s.mustache, roots: s.roots, elements: s.elements, problems: s.problems };
}

/** What starts with the `<` at `pos`: a comment, a declaration, an end tag, a start tag, or text. */
function markup(s: TemplateScanner, pos: number): number {
  const { text, n } = s;
  const c1 = text.charCodeAt(pos + 1);
  if (text.startsWith('<!--', pos)) return comment(s, pos);
  if (c1 === 33 /* ! */ || c1 === 63 /* ? */ || (c1 === 47 /* / */ && !isLetter(text.charCodeAt(pos + 2)))) {
    // Doctype, CDATA, processing instruction, or "</" not followed by a name: skipped up to ">".
    const gt = text.indexOf('>', pos + 2);
    return gt < 0 ? n : gt + 1;
  }
  if (c1 === 47 /* / */) return endTag(s, pos);
  if (!isLetter(c1)) return pos + 1; // "a < b": text
  return startTag(s, pos);
}

/** The attribute of an element by canonical name (case-insensitive, underscores for hyphens). */
export function findAttribute(el: Element, canonicalName: string): Attribute | undefined {
  for (const a of el.attributes) if (canonicalAttribute(a.name) === canonicalName) return a;
  return undefined;
}
