import type {
  Element, MustacheKind, MustacheProblem, MustacheScan, MustacheTag, Section, TemplateProblem,
} from './templateModel';

// The state of a template scan and its first step: the mustache tags, found before any markup (as
// PrairieLearn renders mustache before parsing HTML), the open sections and the open elements.
// `template.ts` holds the markup steps that move it forward.

const SIGILS: Record<string, MustacheKind> = {
  '#': 'section',
  '^': 'inverted',
  '/': 'close',
  '!': 'comment',
  '>': 'partial',
  '&': 'raw',
  '=': 'delimiters',
};

/**
 * Mustache tags of a template, found the way mustache.js (which PrairieLearn runs over the whole
 * file before any HTML parsing) finds them: `{{` ... `}}` anywhere, `{{{x}}}` for raw output,
 * with sections that must nest. Offsets are exact so that HTML scanning can treat every tag as
 * one opaque unit.
 */
export function scanMustache(text: string): MustacheScan {
  const tags: MustacheTag[] = [];
  const problems: MustacheProblem[] = [];
  const open: MustacheTag[] = [];
  let i = 0;
  for (;;) {
    const start = text.indexOf('{{', i);
    if (start < 0) break;
    const triple = text.startsWith('{{{', start);
    const closer = triple ? '}}}' : '}}';
    const close = text.indexOf(closer, start + (triple ? 3 : 2));
    if (close < 0) {
      problems.push({ start, end: Math.min(text.length, start + (triple ? 3 : 2)), message: `Unclosed mustache tag: "${closer}" is missing, so the question cannot be rendered.` });
      break;
    }
    const end = close + closer.length;
    let inner = start + (triple ? 3 : 2);
    let kind: MustacheKind = triple ? 'raw' : 'variable';
    if (!triple) {
      // mustache.js skips spaces after "{{" before reading the tag type: "{{ #items }}" opens a section.
      let at = inner;
      while (at < close && /\s/.test(text[at])) at++;
      const sigil = SIGILS[text[at]];
      if (sigil) {
        kind = sigil;
        inner = at + 1;
      }
    }
    const raw = text.slice(inner, close);
    const lead = raw.length - raw.trimStart().length;
    const tag: MustacheTag = { kind, start, end, name: kind === 'comment' ? '' : raw.trim(), nameStart: inner + lead };
    if (kind === 'delimiters') {
      // Changed delimiters are very rare in question.html; stop rather than guess.
      tags.push(tag);
      return { tags, problems, stoppedAt: end };
    }
    tags.push(tag);
    if (kind === 'section' || kind === 'inverted') open.push(tag);
    else if (kind === 'close') {
      const top = open[open.length - 1];
      if (!top) problems.push({ start, end, message: `Unopened section "${tag.name}": remove this {{/${tag.name}}} or open the section first.` });
      else if (top.name !== tag.name) {
        problems.push({ start, end, message: `Unclosed section "${top.name}": {{/${tag.name}}} closes a section that is not the innermost open one.` });
        open.pop();
      } else open.pop();
    }
    i = end;
  }
  for (const tag of open) {
    problems.push({ start: tag.start, end: tag.end, message: `Unclosed section "${tag.name}": add {{/${tag.name}}}.` });
  }
  return { tags, problems };
}

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

/**
 * The state of one scan of a template: its mustache tags, what is open at the position reached,
 * and what was found. The scan only moves forward, and every step (`template.ts`) costs
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
