import type { MustacheTag } from './mustache';
import type { Section } from './templateModel';

/** Sections recorded per element (`Element.sections`): far more than real templates nest. */
const MAX_ELEMENT_SECTIONS = 64;

/**
 * The mustache sections open at the scan's position. Elements get a copy, made only when one
 * needs it and the sections changed: copying on every tag would cost the square of the tags in a
 * long run of sections. Elements keep at most the outermost MAX_ELEMENT_SECTIONS, so that a flood
 * of `{{#a}}<div>` stays linear.
 */
export class OpenSections {
  private readonly open: Section[] = [];
  /** How many sections of each name are open, so that a stray close does not search the list. */
  private readonly openNames = new Map<string, number>();
  private copy: readonly Section[] = [];
  private changed = false;

  get depth(): number {
    return this.open.length;
  }

  /** The open sections, outermost first, as an element keeps them. */
  current(): readonly Section[] {
    if (this.changed) {
      this.copy = this.open.slice(0, MAX_ELEMENT_SECTIONS);
      this.changed = false;
    }
    return this.copy;
  }

  /** Opens or closes what a mustache tag opens or closes; returns the index of the section closed, else -1. */
  enter(tag: MustacheTag): number {
    if (tag.kind === 'section' || tag.kind === 'inverted') {
      this.open.push({ name: tag.name, inverted: tag.kind === 'inverted', start: tag.start });
      this.openNames.set(tag.name, (this.openNames.get(tag.name) ?? 0) + 1);
      if (this.open.length <= MAX_ELEMENT_SECTIONS) this.changed = true;
      return -1;
    }
    if (tag.kind !== 'close' || !this.openNames.get(tag.name)) return -1;
    let i = this.open.length - 1;
    while (this.open[i].name !== tag.name) i--;
    for (const s of this.open.splice(i)) this.openNames.set(s.name, this.openNames.get(s.name)! - 1);
    if (i < MAX_ELEMENT_SECTIONS) this.changed = true;
    return i;
  }
}
