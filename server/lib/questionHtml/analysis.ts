import { extensionNames } from './questionContext';
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
  /**
   * A tag PrairieLearn's own elements do not place here, inside one of the course's elements (its
   * children are that element's business) or inside a core element the course extends: not checked.
   */
  foreign?: { owner: string; extension: boolean };
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
  // The nearest enclosing course element or extended core element, inherited down the tree.
  const owners = new Map<Element, { owner: string; extension: boolean }>();
  for (const el of t.elements) {
    const parentResolved = el.parent ? resolved.get(el.parent) : undefined;
    const parent = parentResolved?.name;
    const name = canonicalTag(el.tag, parent);
    const course = courseElements.has(name);
    let info = course ? undefined : elementInfo(name, parent);
    let misplaced = info?.kind === 'child' && !elementInfos(name).some((e) => parent !== undefined && e.parents.includes(parent));
    const owner = el.parent ? owners.get(el.parent) : undefined;
    let foreign: Resolved['foreign'];
    const unplaced = !info || misplaced || (parentResolved?.info?.childrenOnly && !parentResolved.info.children.includes(name));
    if (!course && owner && unplaced) {
      foreign = owner;
      info = undefined;
      misplaced = false;
    }
    if (course) owners.set(el, { owner: name, extension: false });
    else if (extensionNames(courseElements, name)) owners.set(el, { owner: name, extension: true });
    // An extended element owns its whole subtree; a course element's ends at a core element in it,
    // which is checked as anywhere else (with its own children).
    else if (owner && (owner.extension || !info)) owners.set(el, owner);
    resolved.set(el, foreign ? { name, info, course, misplaced, foreign } : { name, info, course, misplaced });
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

/** The names the course's extensions add to the nearest enclosing core element they extend (pl-drawing), if any. */
export function extendedAncestor(el: Element, { resolved, courseElements }: Analysis): ReadonlySet<string> | undefined {
  for (let p = el.parent; p; p = p.parent) {
    const names = extensionNames(courseElements, resolved.get(p)!.name);
    if (names) return names;
  }
  return undefined;
}
