import type { Attribute, Element, Template } from './templateModel';
import { TemplateScanner } from './templateScanner';

export type { Attribute, Element, Section, Template, TemplateProblem, TemplateProblemKind } from './templateModel';

/** Scans a question.html template (see `Template`), reading the text once, front to back. */
export function parseTemplate(text: string): Template {
  const s = new TemplateScanner(text);
  scanMarkup(s);
  return { text, mustache: s.mustache, roots: s.roots, elements: s.elements, problems: s.problems };
}
// The steps of the scan, one function each. They share one module on purpose: the scan is the
// hottest code of a course check, and a call across modules costs a property lookup when the
// modules are loaded one by one (tests, bench), which made the split scan a third slower.

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/**
 * Elements whose content is not markup: HTML's raw-text elements, `<markdown>` (converted before
 * element processing), and the pl-* elements whose content is code or graph text.
 */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'markdown', 'pl-code', 'pl-graph', 'pl-graphviz-render', 'pl-file-editor']);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
// Runs of ordinary characters, matched natively rather than a character at a time: a course's
// templates are checked once each, mostly before the JavaScript that scans them is optimized.
// HTML's whitespace is space, tab, LF, FF and CR; `{` may start a mustache tag.
const SPACES = /[ \t\n\f\r]*/y;
const END_TAG_NAME = /[^ \t\n\f\r>/]*/y;
const TAG_NAME = /[^ \t\n\f\r>/{]*/y;
const ATTRIBUTE_NAME = /[^ \t\n\f\r/>={]*/y;
const UNQUOTED_VALUE = /[^ \t\n\f\r>{]*/y;

/** The offset after the run `pattern` (a sticky expression) matches at `pos`. */
function skipRun(pattern: RegExp, text: string, pos: number): number {
  pattern.lastIndex = pos;
  pattern.test(text);
  return pattern.lastIndex;
}

/**
 * Scans the markup of the template into `s`: every `<` and mustache tag, front to back. Each step
 * returns the offset after what it read.
 */
function scanMarkup(s: TemplateScanner): void {
  const { text, n } = s;
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

/** A comment starting at `pos` (`<!--`); returns the offset after it. */
function comment(s: TemplateScanner, pos: number): number {
  const { text } = s;
  const close = text.indexOf('-->', pos + 4);
  // "<!-->" and "<!--->" are complete (empty) comments for browsers.
  if (text.startsWith('>', pos + 4) || text.startsWith('->', pos + 4)) return text.indexOf('>', pos + 4) + 1;
  if (close >= 0) return close + 3;
  s.problems.push({ kind: 'unterminated-comment', start: pos, end: pos + 4, message: 'This comment is never closed, so everything after it is hidden. Add -->.' });
  return s.n;
}

/** An end tag starting at `pos` (`</name`); closes its element and those left open inside it. */
function endTag(s: TemplateScanner, pos: number): number {
  const { text, n } = s;
  const j = skipRun(END_TAG_NAME, text, pos + 2);
  const tag = text.slice(pos + 2, j);
  const lower = tag.toLowerCase();
  // Up to the next ">" outside mustache tags.
  let k = j;
  for (;;) {
    const gt = text.indexOf('>', k);
    const mu = s.tagFrom(k);
    if (mu && (gt < 0 || mu.start < gt)) {
      s.enterSection(mu);
      k = mu.end;
      continue;
    }
    k = gt < 0 ? n : gt;
    break;
  }
  const end = k < n ? k + 1 : n;
  if (k >= n) s.problems.push({ kind: 'unterminated-tag', start: pos, end: j, message: `The end tag </${tag}> is never closed with ">".` });
  const m = s.open.innermost(lower);
  if (m < 0) {
    // Inside a section the start tag may be in another branch.
    // After a `{{{x}}}` the start tag may come from the value.
    if (!VOID.has(lower) && s.sections.depth === 0 && s.rawValues.length === 0) {
      s.problems.push({ kind: 'stray-end-tag', start: pos, end: end, message: `</${tag}> has no matching <${tag}>; PrairieLearn's HTML parser (lxml) drops it. Remove it or add the start tag.` });
    }
    return end;
  }
  s.open.closeDownTo(m, pos, { pos, end });
  return end;
}

/** A start tag starting at `pos` (`<` and a letter): the element, its attributes, and its content when that is raw text. */
function startTag(s: TemplateScanner, pos: number): number {
  const parent = s.open.top;
  const el = newElement(s, pos, parent);
  const closed = startTagAttributes(s, el);
  const end = el.startTagEnd;
  const last = s.problems[s.problems.length - 1];
  // An attribute value cut off by the end of the text was reported already.
  if (!closed && !(last?.kind === 'unterminated-tag' && last.start >= el.start)) {
    s.problems.push({ kind: 'unterminated-tag', start: el.nameStart, end: el.nameEnd, message: `The start tag <${el.tag}> is never closed with ">".` });
  }
  s.elements.push(el);
  if (parent) parent.children.push(el);
  else s.roots.push(el);
  // A tag cut off by the end of the file has no content.
  if (el.selfClosing || VOID.has(el.lower) || !closed) {
    el.end = end;
    return end;
  }
  if (RAW_TEXT.has(el.lower)) return rawTextContent(s, el, end);
  s.open.push(el, s.sections.depth);
  return end;
}

/** The element whose start tag begins at `pos`, with its name read. */
function newElement(s: TemplateScanner, pos: number, parent: Element | undefined): Element {
  const { text, n } = s;
  let j = skipRun(TAG_NAME, text, pos + 1);
  // A "{" that starts no mustache tag is part of the name.
  while (text.charCodeAt(j) === 123 && !s.tagsByStart.has(j)) j = skipRun(TAG_NAME, text, j + 1);
  let tag = text.slice(pos + 1, j);
  // `<br\>`: meant as `<br/>`; the backslash is not part of a tag, so it is taken as the void element.
  if (tag.endsWith('\\') && VOID.has(tag.slice(0, -1).toLowerCase())) {
    s.problems.push({ kind: 'backslash-void-tag', start: pos, end: j + (text[j] === '>' ? 1 : 0), message: `<${tag}> is not a tag PrairieLearn's HTML parser knows; write <${tag.slice(0, -1)}>.` });
    tag = tag.slice(0, -1);
  }
  return {
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
    sections: s.sections.current(),
  };
}

/** Reads the attributes of a start tag up to its `>` or `/>`, or the end of the text, where it ends (`startTagEnd`); whether it was closed. */
function startTagAttributes(s: TemplateScanner, el: Element): boolean {
  const { text, n } = s;
  const seen = new Set<string>();
  let k = el.nameEnd;
  let conditional = false;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (isSpace(c)) {
      k = skipRun(SPACES, text, k);
      continue;
    }
    if (c === 62 /* > */) {
      el.startTagEnd = k + 1;
      return true;
    }
    if (c === 47 /* / */) {
      if (text.charCodeAt(k + 1) === 62) {
        el.selfClosing = true;
        el.startTagEnd = k + 2;
        return true;
      }
      k++;
      continue;
    }
    const tagAt = c === 123 ? s.tagsByStart.get(k) : undefined;
    if (tagAt) {
      if (tagAt.kind === 'variable' || tagAt.kind === 'raw' || tagAt.kind === 'partial') el.dynamicAttributes = true;
      if (tagAt.kind === 'section' || tagAt.kind === 'inverted') conditional = true;
      k = s.skipMustache(k);
      continue;
    }
    k = scanAttribute(s, el, k, seen, conditional);
  }
  el.startTagEnd = k;
  return false;
}

/** The content of a raw-text element whose start tag ends at `from`, not scanned for tags; returns the offset after its end tag. */
function rawTextContent(s: TemplateScanner, el: Element, from: number): number {
  const { text, n, tags } = s;
  const close = rawTextEnd(text, el.lower, from);
  if (close < 0 && el.lower === 'markdown') {
    // Never converted (PrairieLearn looks for <markdown>...</markdown>), so its content is plain
    // markup: the parent's end tag closes it.
    s.open.pushUntracked(el);
    return from;
  }
  if (close < 0) {
    s.open.close(el, n, true);
    return n;
  }
  const gt = text.indexOf('>', close);
  el.closeStart = close;
  el.end = gt < 0 ? n : gt + 1;
  // Mustache sections inside raw text still open and close.
  for (let t = firstTagFrom(tags, from); t < tags.length && tags[t].start < close; t++) s.enterSection(tags[t]);
  return el.end;
}

/** Where the end tag of raw-text element `lower` starts, searching from `from`; -1 when there is none. */
function rawTextEnd(text: string, lower: string, from: number): number {
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

/** The index of the first of `tags` (sorted by start) that starts at or after `pos`. */
function firstTagFrom(tags: readonly { start: number }[], pos: number): number {
  let lo = 0;
  let hi = tags.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tags[mid].start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Scans the attribute starting at `pos` into `el`; returns the offset after it. `seen` holds the
 * names given before in the tag; `conditional` says a section opened in the tag, where a repeated
 * name is an alternative (`{{#a}}x="1"{{/a}}{{^a}}x="2"{{/a}}`).
 */
function scanAttribute(s: TemplateScanner, el: Element, pos: number, seen: Set<string>, conditional: boolean): number {
  const { text } = s;
  let j = pos;
  let dynamic = false;
  // The first character may be "=" (HTML's tokenizer takes it as part of the name).
  if (text[j] === '=') j++;
  for (;;) {
    j = skipRun(ATTRIBUTE_NAME, text, j);
    if (text.charCodeAt(j) !== 123) break;
    const tagAt = s.tagsByStart.get(j);
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
    k = q === '"' || q === "'" ? quotedValue(s, attr, k, q) : unquotedValue(s, attr, k);
    attr.value = text.slice(attr.valueStart, attr.valueEnd);
  } else {
    k = j;
  }
  const key = attr.name.toLowerCase();
  if (seen.has(key) && !attr.dynamic && !conditional) {
    s.problems.push({
      kind: 'duplicate-attribute',
      start: attr.nameStart,
      end: attr.nameEnd,
      message: `"${attr.name}" is given twice on <${el.tag}>; only the first one counts. Remove one.`,
    });
  } else seen.add(key);
  el.attributes.push(attr);
  return Math.max(k, pos + 1);
}

/** The value in quotes opening at `k`, up to the closing quote; mustache tags before it are part of the value. */
function quotedValue(s: TemplateScanner, attr: Attribute, k: number, q: '"' | "'"): number {
  const { text, n } = s;
  attr.quote = q;
  let m = k + 1;
  for (;;) {
    const close = text.indexOf(q, m);
    const tagAt = s.tagFrom(m);
    if (tagAt && (close < 0 || tagAt.start < close)) {
      attr.dynamic = true;
      s.enterSection(tagAt);
      m = tagAt.end;
      continue;
    }
    m = close < 0 ? n : close;
    break;
  }
  attr.valueStart = k + 1;
  attr.valueEnd = Math.min(m, n);
  if (m < n) return m + 1;
  s.problems.push({ kind: 'unterminated-tag', start: attr.nameStart, end: attr.nameEnd, message: `The value of "${attr.name}" is never closed with ${q}.` });
  return n;
}

/** The unquoted value starting at `k`: up to whitespace or `>` outside mustache tags. */
function unquotedValue(s: TemplateScanner, attr: Attribute, k: number): number {
  const { text } = s;
  let m = k;
  for (;;) {
    m = skipRun(UNQUOTED_VALUE, text, m);
    if (text.charCodeAt(m) !== 123) break;
    const tagAt = s.tagsByStart.get(m);
    if (!tagAt) m++;
    else {
      attr.dynamic = true;
      s.enterSection(tagAt);
      m = tagAt.end;
    }
  }
  attr.valueStart = k;
  attr.valueEnd = m;
  return m;
}
