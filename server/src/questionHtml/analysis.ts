import { canonicalTag, elementInfo, elementInfos, type ElementInfo } from './elements';
import { parseTemplate, type Element, type Template } from './template';

/** What a tag stands for, as PrairieLearn resolves it. */
export interface Resolved {
  /** Canonical tag name (lower case, underscore spellings mapped). */
  name: string;
  /** PrairieLearn's element (or child in this parent), unless the course defines its own. */
  info?: ElementInfo;
  /** The course's own element of this name (it overrides a core one). */
  course: boolean;
  /** A child tag outside every parent that takes it: PrairieLearn ignores it, so its attributes are not checked. */
  misplaced: boolean;
}

/** A parsed template with every element resolved against the core and course elements. */
export interface Analysis {
  template: Template;
  resolved: Map<Element, Resolved>;
  courseElements: ReadonlySet<string>;
}

export function analyze(template: Template | string, courseElements: ReadonlySet<string> = new Set()): Analysis {
  const t = typeof template === 'string' ? parseTemplate(template) : template;
  const resolved = new Map<Element, Resolved>();
  for (const el of t.elements) {
    const parent = el.parent ? resolved.get(el.parent)?.name : undefined;
    const name = canonicalTag(el.tag, parent);
    const course = courseElements.has(name);
    const info = course ? undefined : elementInfo(name, parent);
    const misplaced = info?.kind === 'child' && !elementInfos(name).some((e) => parent !== undefined && e.parents.includes(parent));
    resolved.set(el, { name, info, course, misplaced });
  }
  return { template: t, resolved, courseElements };
}

/** Whether two elements can never both be rendered: one sits in {{#k}} and the other in {{^k}}. */
export function exclusive(a: Element, b: Element): boolean {
  for (const s of a.sections) {
    for (const t of b.sections) if (s.name === t.name && s.inverted !== t.inverted) return true;
  }
  return false;
}
