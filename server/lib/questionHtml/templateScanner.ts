import { scanMustache, type MustacheScan, type MustacheTag } from './mustache';
import { OpenElements } from './templateElements';
import type { Element, TemplateProblem } from './templateModel';
import { OpenSections } from './templateSections';

/**
 * The state of one scan of a template: its mustache tags, what is open at the position reached,
 * and what was found. The scan only moves forward, and every step (`templateMarkup.ts`) costs
 * what it reads, so a scan is linear in the text.
 */
export class TemplateScanner {
  readonly n: number;
  readonly mustache: MustacheScan;
  /** The mustache tags, sorted by start, and by their start offset. */
  readonly tags: MustacheTag[];
  readonly tagsByStart = new Map<number, MustacheTag>();
  private nextTag = 0;
  readonly roots: Element[] = [];
  readonly elements: Element[] = [];
  readonly problems: TemplateProblem[] = [];
  readonly sections = new OpenSections();
  /** Offsets of `{{{x}}}` and `{{& x}}` in text: the value may hold markup that opens or closes tags. */
  readonly rawValues: number[] = [];
  readonly open = new OpenElements(this.problems, this.rawValues);

  constructor(readonly text: string) {
    this.n = text.length;
    this.mustache = scanMustache(text);
    this.tags = this.mustache.tags;
    for (const tag of this.tags) this.tagsByStart.set(tag.start, tag);
  }

  /** The first mustache tag at or after `pos`, found by walking the sorted tags forward, never by rescanning. */
  tagFrom(pos: number): MustacheTag | undefined {
    const { tags } = this;
    while (this.nextTag < tags.length && tags[this.nextTag].start < pos) this.nextTag++;
    return tags[this.nextTag];
  }

  /** Opens or closes the section a mustache tag opens or closes. */
  enterSection(tag: MustacheTag): void {
    const closed = this.sections.enter(tag);
    if (closed >= 0) this.open.sectionClosed(closed);
  }

  /** Skips a mustache tag at `pos`, if one starts there; returns the offset after it, else -1. */
  skipMustache(pos: number): number {
    const tag = this.text.charCodeAt(pos) === 123 ? this.tagsByStart.get(pos) : undefined;
    if (!tag) return -1;
    this.enterSection(tag);
    return tag.end;
  }
}
