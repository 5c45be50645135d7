import type { Element, TemplateProblem } from './templateModel';

/** Elements whose end tag HTML lets authors leave out. */
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'rb', 'rt', 'rp', 'html', 'head', 'body']);

/**
 * The stack of open elements, and how they are closed: by their end tag, or implicitly (by an
 * ancestor's end tag or the end of the text), which is reported unless HTML allows it.
 *
 * Elements opened inside a section and still open where it closes may be closed in another
 * branch (`{{#a}}<div class="x">{{/a}}{{^a}}<div>{{/a}}...</div>`): not reported as unclosed.
 * Per open element, the lowest section index closed since it opened, handed down as elements
 * close: an element crossed a section when that is below the sections it opened in.
 */
export class OpenElements {
  private readonly stack: Element[] = [];
  private readonly lowestClose: number[] = [];
  private readonly sectionsAtOpen: number[] = [];
  /** How many elements of each name are open, so that a stray end tag does not search the stack. */
  private readonly counts = new Map<string, number>();

  /**
   * `rawValues`: offsets of `{{{x}}}` and `{{& x}}` in text, whose value may hold markup that
   * opens or closes tags.
   */
  constructor(
    private readonly problems: TemplateProblem[],
    private readonly rawValues: readonly number[],
  ) {}

  get top(): Element | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Opens `el` inside `sectionDepth` open sections. */
  push(el: Element, sectionDepth: number): void {
    this.stack.push(el);
    this.lowestClose.push(Infinity);
    this.sectionsAtOpen.push(sectionDepth);
    this.counts.set(el.lower, (this.counts.get(el.lower) ?? 0) + 1);
  }

  /**
   * Puts `el` on the stack only, neither counted for end tags nor for sections: an unconverted
   * `<markdown>`, whose content is plain markup that its parent's end tag closes.
   */
  pushUntracked(el: Element): void {
    this.stack.push(el);
  }

  /** The section at index `index` closed. */
  sectionClosed(index: number): void {
    const top = this.stack.length - 1;
    if (top >= 0) this.lowestClose[top] = Math.min(this.lowestClose[top], index);
  }

  /** The stack index of the innermost open element with this lower-cased tag, or -1. */
  innermost(lower: string): number {
    let m = this.counts.get(lower) ? this.stack.length - 1 : -1;
    while (m >= 0 && this.stack[m].lower !== lower) m--;
    return m;
  }

  /** Closes the elements at the top of the stack down to index `to`; the one at `to` by its end tag when `explicit` says so. */
  closeDownTo(to: number, end: number, explicit?: { pos: number; end: number }): void {
    const { stack, lowestClose, sectionsAtOpen } = this;
    for (let x = stack.length - 1; x >= to; x--) {
      const el = stack[x];
      const byEndTag = explicit && x === to;
      if (byEndTag) el.closeStart = explicit.pos;
      this.close(el, byEndTag ? explicit.end : end, !byEndTag, lowestClose[x] < sectionsAtOpen[x]);
      if (x > 0) lowestClose[x - 1] = Math.min(lowestClose[x - 1], lowestClose[x]);
      this.counts.set(el.lower, this.counts.get(el.lower)! - 1);
    }
    stack.length = to;
    lowestClose.length = to;
    sectionsAtOpen.length = to;
  }

  /** Ends `el` at `end`; an implicit close is reported unless HTML allows it or a section or raw value may explain it. */
  close(el: Element, end: number, implicit: boolean, crossed = false): void {
    el.end = end;
    if (implicit && !OPTIONAL_END.has(el.lower) && !crossed && !this.rawValueAfter(el.startTagEnd)) {
      this.problems.push({
        kind: 'unclosed-element',
        start: el.nameStart,
        end: el.nameEnd,
        message:
          el.lower === 'markdown'
            ? '<markdown> is never closed, so PrairieLearn never renders its text as Markdown: it shows as written, up to the end of the file. Add </markdown>.'
            : `<${el.tag}> is never closed; PrairieLearn's HTML parser (lxml) closes it where its parent ends. Add </${el.tag}>.`,
      });
    }
  }

  private rawValueAfter(pos: number): boolean {
    return this.rawValues.length > 0 && this.rawValues[this.rawValues.length - 1] >= pos;
  }
}
