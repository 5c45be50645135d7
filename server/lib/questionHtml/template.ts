import { canonicalAttribute } from './elements';
import type { Attribute, Element, Template } from './templateModel';
import { scanMarkup } from './templateMarkup';
import { TemplateScanner } from './templateScanner';

export type { Attribute, Element, Section, Template, TemplateProblem, TemplateProblemKind } from './templateModel';

/** Scans a question.html template (see `Template`), reading the text once, front to back. */
export function parseTemplate(text: string): Template {
  const s = new TemplateScanner(text);
  scanMarkup(s);
  return { text, mustache: s.mustache, roots: s.roots, elements: s.elements, problems: s.problems };
}

/** The attribute of an element by canonical name (case-insensitive, underscores for hyphens). */
export function findAttribute(el: Element, canonicalName: string): Attribute | undefined {
  for (const a of el.attributes) if (canonicalAttribute(a.name) === canonicalName) return a;
  return undefined;
}
