import { canonicalAttribute } from './elements';
import { scanMustache, type MustacheScan, type MustacheTag } from './mustache';

/**
 * A question.html template scanned into elements with exact offsets. Mustache runs before any
 * HTML parsing in PrairieLearn, so every mustache tag is one opaque unit here: inside an attribute
 * value it makes the value dynamic, between attributes it is skipped (a section) or makes the
 * attribute list dynamic (an interpolation), and in text it is just text. The HTML part follows
 * the HTML tokenizer where it matters for what browsers and lxml tolerate: `<` not followed by a
 * letter is text, attributes need no whitespace between them, unquoted values end at whitespace
 * or `>`, raw-text elements (`<script>`, `<style>`, `<markdown>`, code elements) are not scanned
 * for tags, and unclosed or mismatched tags are closed the forgiving way.
 */
export interface Attribute {
  /** As written. */
  name: string;
  nameStart: number;
  nameEnd: number;
  /** The value without quotes; undefined for a bare attribute (`<x a>`). */
  value?: string;
  valueStart: number;
  valueEnd: number;
  quote: '"' | "'" | '';
  /** The value (or the name) holds mustache, so it is only known at render time. */
  dynamic: boolean;
}

export interface Section {
  name: string;
  inverted: boolean;
  /** Offset of the opening tag: tells apart two sections of the same name. */
  start: number;
}

export interface Element {
  /** Tag as written. */
  tag: string;
  /** Lower-cased tag. */
  lower: string;
  start: number;
  nameStart: number;
  nameEnd: number;
  /** Offset just after the start tag's `>` (or the end of the text when it never closes). */
  startTagEnd: number;
  /** Offset after the end tag, or where the element was implicitly closed. */
  end: number;
  /** Start of the explicit end tag, if any. */
  closeStart?: number;
  attributes: Attribute[];
  /** A mustache interpolation stands between the attributes (`<x {{attrs}}>`): the list is open. */
  dynamicAttributes: boolean;
  selfClosing: boolean;
  parent?: Element;
  children: Element[];
  /** Mustache sections around the element, outermost first (at most the outermost 64). */
  sections: readonly Section[];
}

export type TemplateProblemKind = 'unclosed-element' | 'stray-end-tag' | 'unterminated-tag' | 'unterminated-comment' | 'duplicate-attribute' | 'backslash-void-tag';

export interface TemplateProblem {
  kind: TemplateProblemKind;
  start: number;
  end: number;
  message: string;
}

export interface Template {
  text: string;
  mustache: MustacheScan;
  roots: Element[];
  /** Every element, in document order. */
  elements: Element[];
  problems: TemplateProblem[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose end tag HTML lets authors leave out. */
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'rb', 'rt', 'rp', 'html', 'head', 'body']);
/**
 * Elements whose content is not markup: HTML's raw-text elements, `<markdown>` (converted before
 * element processing), and the pl-* elements whose content is code or graph text.
 */
export const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'markdown', 'pl-code', 'pl-graph', 'pl-graphviz-render', 'pl-file-editor']);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
// Runs of ordinary characters, matched natively rather than a character at a time: a course's
// templates are checked once each, mostly before the JavaScript that scans them is optimized.
// HTML's whitespace is space, tab, LF, FF and CR; `{` may start a mustache tag.
const END_TAG_NAME = /[^ \t\n\f\r>/]*/y;
const TAG_NAME = /[^ \t\n\f\r>/{]*/y;
const ATTRIBUTE_NAME = /[^ \t\n\f\r/>={]*/y;
const UNQUOTED_VALUE = /[^ \t\n\f\r>{]*/y;
const SPACES = /[ \t\n\f\r]*/y;

/** Sections recorded per element (`Element.sections`): far more than real templates nest. */
const MAX_ELEMENT_SECTIONS = 64;

/** The index of the first of `tags` (sorted by start) that starts at or after `pos`. */
function firstTagFrom(tags: MustacheTag[], pos: number): number {
  let lo = 0;
  let hi = tags.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tags[mid].start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The offset after the run `pattern` (a sticky expression) matches at `pos`. */
function skipRun(pattern: RegExp, text: string, pos: number): number {
  pattern.lastIndex = pos;
  pattern.test(text);
  return pattern.lastIndex;
}

export function parseTemplate(text: string): Template {
  const mustache = scanMustache(text);
  const at = new Map<number, MustacheTag>();
  for (const tag of mustache.tags) at.set(tag.start, tag);
  const roots: Element[] = [];
  const elements: Element[] = [];
  const problems: TemplateProblem[] = [];
  const stack: Element[] = [];
  // The open sections, and a copy of them made only when an element needs one and they changed:
  // copying on every tag would cost the square of the tags in a long run of sections. Elements
  // keep at most the outermost MAX_ELEMENT_SECTIONS, so that a flood of `{{#a}}<div>` stays linear.
  const open: Section[] = [];
  const openNames = new Map<string, number>();
  let sections: readonly Section[] = [];
  let sectionsChanged = false;
  const currentSections = (): readonly Section[] => {
    if (sectionsChanged) {
      sections = open.slice(0, MAX_ELEMENT_SECTIONS);
      sectionsChanged = false;
    }
    return sections;
  };
  const n = text.length;

  const enterSection = (tag: MustacheTag) => {
    if (tag.kind === 'section' || tag.kind === 'inverted') {
      open.push({ name: tag.name, inverted: tag.kind === 'inverted', start: tag.start });
      openNames.set(tag.name, (openNames.get(tag.name) ?? 0) + 1);
      if (open.length <= MAX_ELEMENT_SECTIONS) sectionsChanged = true;
    } else if (tag.kind === 'close') {
      if (!openNames.get(tag.name)) return;
      let i = open.length - 1;
      while (open[i].name !== tag.name) i--;
      if (stack.length > 0) lowestClose[stack.length - 1] = Math.min(lowestClose[stack.length - 1], i);
      for (const s of open.splice(i)) openNames.set(s.name, openNames.get(s.name)! - 1);
      if (i < MAX_ELEMENT_SECTIONS) sectionsChanged = true;
    }
  };
  // Elements opened inside a section and still open where it closes may be closed in another
  // branch (`{{#a}}<div class="x">{{/a}}{{^a}}<div>{{/a}}...</div>`): not reported as unclosed.
  // Per open element, the lowest section index closed since it opened, handed down as elements
  // close: an element crossed a section when that is below the sections it opened in.
  const lowestClose: number[] = [];
  const sectionsAtOpen: number[] = [];
  // How many elements of each name are open, so that a stray end tag does not search the stack.
  const openElements = new Map<string, number>();
  const pushElement = (el: Element) => {
    stack.push(el);
    lowestClose.push(Infinity);
    sectionsAtOpen.push(open.length);
    openElements.set(el.lower, (openElements.get(el.lower) ?? 0) + 1);
  };
  /** Closes the elements at the top of the stack down to index `to`; the one at `to` by its end tag when `explicit` says so. */
  const closeDownTo = (to: number, end: number, explicit?: { pos: number; end: number }) => {
    for (let x = stack.length - 1; x >= to; x--) {
      const el = stack[x];
      const byEndTag = explicit && x === to;
      if (byEndTag) el.closeStart = explicit.pos;
      closeElement(el, byEndTag ? explicit.end : end, !byEndTag, lowestClose[x] < sectionsAtOpen[x]);
      if (x > 0) lowestClose[x - 1] = Math.min(lowestClose[x - 1], lowestClose[x]);
      openElements.set(el.lower, openElements.get(el.lower)! - 1);
    }
    stack.length = to;
    lowestClose.length = to;
    sectionsAtOpen.length = to;
  };
  // Offsets of `{{{x}}}` and `{{& x}}` in text: the value may hold markup that opens or closes tags.
  const rawValues: number[] = [];
  const rawValueAfter = (pos: number) => rawValues.length > 0 && rawValues[rawValues.length - 1] >= pos;
  const closeElement = (el: Element, end: number, implicit: boolean, crossed = false) => {
    el.end = end;
    if (implicit && !OPTIONAL_END.has(el.lower) && !crossed && !rawValueAfter(el.startTagEnd)) {
      problems.push({
        kind: 'unclosed-element',
        start: el.nameStart,
        end: el.nameEnd,
        message:
          el.lower === 'markdown'
            ? '<markdown> is never closed, so PrairieLearn never renders its text as Markdown: it shows as written, up to the end of the file. Add </markdown>.'
            : `<${el.tag}> is never closed; PrairieLearn's HTML parser (lxml) closes it where its parent ends. Add </${el.tag}>.`,
      });
    }
  };

  let i = 0;
  // Skips a mustache tag at i, if one starts there; returns the offset after it, else -1.
  const skipMustache = (pos: number): number => {
    const tag = text.charCodeAt(pos) === 123 ? at.get(pos) : undefined;
    if (!tag) return -1;
    enterSection(tag);
    return tag.end;
  };

  // The first mustache tag at or after a position, found by walking the sorted tag list (the scan
  // only moves forward), never by rescanning.
  const tags = mustache.tags;
  let nextTag = 0;
  const tagFrom = (pos: number): MustacheTag | undefined => {
    while (nextTag < tags.length && tags[nextTag].start < pos) nextTag++;
    return tags[nextTag];
  };
  while (i < n) {
    const lt = text.indexOf('<', i);
    const mu = tagFrom(i)?.start ?? -1;
    const next = lt < 0 ? mu : mu < 0 ? lt : Math.min(lt, mu);
    if (next < 0) break;
    if (next === mu) {
      if (tags[nextTag].kind === 'raw') rawValues.push(mu);
      i = skipMustache(mu);
      continue;
    }
    i = lt;
    const c1 = text.charCodeAt(i + 1);
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      // "<!-->" and "<!--->" are complete (empty) comments for browsers.
      if (text.startsWith('>', i + 4) || text.startsWith('->', i + 4)) i = text.indexOf('>', i + 4) + 1;
      else if (close < 0) {
        problems.push({ kind: 'unterminated-comment', start: i, end: i + 4, message: 'This comment is never closed, so everything after it is hidden. Add -->.' });
        i = n;
      } else i = close + 3;
      continue;
    }
    if (c1 === 33 /* ! */ || c1 === 63 /* ? */ || (c1 === 47 /* / */ && !isLetter(text.charCodeAt(i + 2)))) {
      // Doctype, CDATA, processing instruction, or "</" not followed by a name: skipped up to ">".
      const gt = text.indexOf('>', i + 2);
      i = gt < 0 ? n : gt + 1;
      continue;
    }
    if (c1 === 47 /* / */) {
      i = endTag(i);
      continue;
    }
    if (!isLetter(c1)) {
      i++; // "a < b": text
      continue;
    }
    i = startTag(i);
  }
  closeDownTo(0, n);
  return { text, mustache, roots, elements, problems };

  function endTag(pos: number): number {
    const j = skipRun(END_TAG_NAME, text, pos + 2);
    const tag = text.slice(pos + 2, j);
    const lower = tag.toLowerCase();
    // Up to the next ">" outside mustache tags.
    let k = j;
    for (;;) {
      const gt = text.indexOf('>', k);
      const mu = tagFrom(k);
      if (mu && (gt < 0 || mu.start < gt)) {
        enterSection(mu);
        k = mu.end;
        continue;
      }
      k = gt < 0 ? n : gt;
      break;
    }
    const end = k < n ? k + 1 : n;
    if (k >= n) problems.push({ kind: 'unterminated-tag', start: pos, end: j, message: `The end tag </${tag}> is never closed with ">".` });
    let m = openElements.get(lower) ? stack.length - 1 : -1;
    while (m >= 0 && stack[m].lower !== lower) m--;
    if (m < 0) {
      // Inside a section the start tag may be in another branch.
      // After a `{{{x}}}` the start tag may come from the value.
      if (!VOID.has(lower) && open.length === 0 && rawValues.length === 0) {
        problems.push({ kind: 'stray-end-tag', start: pos, end: end, message: `</${tag}> has no matching <${tag}>; PrairieLearn's HTML parser (lxml) drops it. Remove it or add the start tag.` });
      }
      return end;
    }
    closeDownTo(m, pos, { pos, end });
    return end;
  }

  function startTag(pos: number): number {
    let j = skipRun(TAG_NAME, text, pos + 1);
    // A "{" that starts no mustache tag is part of the name.
    while (text.charCodeAt(j) === 123 && !at.has(j)) j = skipRun(TAG_NAME, text, j + 1);
    let tag = text.slice(pos + 1, j);
    const parent = stack[stack.length - 1];
    // `<br\>`: meant as `<br/>`; the backslash is not part of a tag, so it is taken as the void element.
    if (tag.endsWith('\\') && VOID.has(tag.slice(0, -1).toLowerCase())) {
      problems.push({ kind: 'backslash-void-tag', start: pos, end: j + (text[j] === '>' ? 1 : 0), message: `<${tag}> is not a tag PrairieLearn's HTML parser knows; write <${tag.slice(0, -1)}>.` });
      tag = tag.slice(0, -1);
    }
    const el: Element = {
      tag,
      lower: tag.toLowerCase(),
      start: pos,
      nameStart: pos + 1,
      nameEnd: j,
      startTagEnd: n,
      end: n,
      attributes: [],
      dynamicAttributes: false,
      selfClosing: false,
      parent,
      children: [],
      sections: currentSections(),
    };
    const seen = new Set<string>();
    let k = j;
    let closed = false;
    let conditional = false;
    while (k < n) {
      const c = text.charCodeAt(k);
      if (isSpace(c)) {
        k = skipRun(SPACES, text, k);
        continue;
      }
      if (c === 62 /* > */) {
        k++;
        closed = true;
        break;
      }
      if (c === 47 /* / */) {
        if (text.charCodeAt(k + 1) === 62) {
          el.selfClosing = true;
          k += 2;
          closed = true;
          break;
        }
        k++;
        continue;
      }
      const tagAt = c === 123 ? at.get(k) : undefined;
      if (tagAt) {
        if (tagAt.kind === 'variable' || tagAt.kind === 'raw' || tagAt.kind === 'partial') el.dynamicAttributes = true;
        if (tagAt.kind === 'section' || tagAt.kind === 'inverted') conditional = true;
        k = skipMustache(k);
        continue;
      }
      k = attribute(el, k, seen, conditional);
    }
    el.startTagEnd = k;
    const before = problems.length;
    if (!closed && !problems.some((p, i) => i >= before - 1 && p.kind === 'unterminated-tag' && p.start >= el.start)) {
      problems.push({ kind: 'unterminated-tag', start: el.nameStart, end: el.nameEnd, message: `The start tag <${tag}> is never closed with ">".` });
    }
    elements.push(el);
    if (parent) parent.children.push(el);
    else roots.push(el);
    // A tag cut off by the end of the file has no content.
    if (el.selfClosing || VOID.has(el.lower) || !closed) {
      el.end = k;
      return k;
    }
    if (RAW_TEXT.has(el.lower)) {
      const close = findRawTextEnd(el.lower, k);
      if (close < 0 && el.lower === 'markdown') {
        // Never converted (PrairieLearn looks for <markdown>...</markdown>), so its content is plain
        // markup: the parent's end tag closes it.
        stack.push(el);
        return k;
      }
      if (close < 0) {
        closeElement(el, n, true);
        return n;
      }
      const gt = text.indexOf('>', close);
      el.closeStart = close;
      el.end = gt < 0 ? n : gt + 1;
      // Mustache sections inside raw text still open and close.
      for (let t = firstTagFrom(tags, k); t < tags.length && tags[t].start < close; t++) enterSection(tags[t]);
      return el.end;
    }
    pushElement(el);
    return k;
  }

  function attribute(el: Element, pos: number, seen: Set<string>, conditional: boolean): number {
    let j = pos;
    let dynamic = false;
    // The first character may be "=" (HTML's tokenizer takes it as part of the name).
    if (text[j] === '=') j++;
    for (;;) {
      j = skipRun(ATTRIBUTE_NAME, text, j);
      if (text.charCodeAt(j) !== 123) break;
      const tagAt = at.get(j);
      if (!tagAt) j++;
      else if (j === pos) break;
      else {
        dynamic = true;
        j = tagAt.end;
      }
    }
    const attr: Attribute = { name: text.slice(pos, j), nameStart: pos, nameEnd: j, valueStart: j, valueEnd: j, quote: '', dynamic };
    let k = skipRun(SPACES, text, j);
    if (text[k] === '=') {
      k = skipRun(SPACES, text, k + 1);
      const q = text[k];
      if (q === '"' || q === "'") {
        attr.quote = q;
        // Up to the closing quote; mustache tags before it are part of the value.
        let m = k + 1;
        for (;;) {
          const close = text.indexOf(q, m);
          const tagAt = tagFrom(m);
          if (tagAt && (close < 0 || tagAt.start < close)) {
            attr.dynamic = true;
            enterSection(tagAt);
            m = tagAt.end;
            continue;
          }
          m = close < 0 ? n : close;
          break;
        }
        attr.valueStart = k + 1;
        attr.valueEnd = Math.min(m, n);
        if (m >= n) {
          problems.push({ kind: 'unterminated-tag', start: attr.nameStart, end: attr.nameEnd, message: `The value of "${attr.name}" is never closed with ${q}.` });
          k = n;
        } else k = m + 1;
      } else {
        let m = k;
        for (;;) {
          m = skipRun(UNQUOTED_VALUE, text, m);
          if (text.charCodeAt(m) !== 123) break;
          const tagAt = at.get(m);
          if (!tagAt) m++;
          else {
            attr.dynamic = true;
            enterSection(tagAt);
            m = tagAt.end;
          }
        }
        attr.valueStart = k;
        attr.valueEnd = m;
        k = m;
      }
      attr.value = text.slice(attr.valueStart, attr.valueEnd);
    } else {
      k = j;
    }
    const key = attr.name.toLowerCase();
    // Inside a section opened in the tag (`{{#a}}x="1"{{/a}}{{^a}}x="2"{{/a}}`) a repeat is an alternative.
    if (seen.has(key) && !attr.dynamic && !conditional) {
      problems.push({
        kind: 'duplicate-attribute',
        start: attr.nameStart,
        end: attr.nameEnd,
        message: `"${attr.name}" is given twice on <${el.tag}>; only the first one counts. Remove one.`,
      });
    } else seen.add(key);
    el.attributes.push(attr);
    return Math.max(k, pos + 1);
  }

  function findRawTextEnd(lower: string, from: number): number {
    const needle = '</' + lower;
    let k = from;
    for (;;) {
      const found = text.indexOf('</', k);
      if (found < 0) return -1;
      if (text.slice(found, found + needle.length).toLowerCase() === needle) {
        const after = text.charCodeAt(found + needle.length);
        if (Number.isNaN(after) || isSpace(after) || after === 62 || after === 47) return found;
      }
      k = found + 2;
    }
  }
}

/** The attribute of an element by canonical name (case-insensitive, underscores for hyphens). */
export function findAttribute(el: Element, canonicalName: string): Attribute | undefined {
  for (const a of el.attributes) if (canonicalAttribute(a.name) === canonicalName) return a;
  return undefined;
}
