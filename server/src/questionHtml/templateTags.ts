import { scanAttribute } from './templateAttributes';
import type { Element } from './templateModel';
import { isSpace, SPACES, skipRun, type TemplateScanner } from './templateScanner';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/**
 * Elements whose content is not markup: HTML's raw-text elements, `<markdown>` (converted before
 * element processing), and the pl-* elements whose content is code or graph text.
 */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'markdown', 'pl-code', 'pl-graph', 'pl-graphviz-render', 'pl-file-editor']);
const END_TAG_NAME = /[^ \t\n\f\r>/]*/y;
const TAG_NAME = /[^ \t\n\f\r>/{]*/y;

/** A comment starting at `pos` (`<!--`); returns the offset after it. */
export function comment(s: TemplateScanner, pos: number): number {
  const { text } = s;
  const close = text.indexOf('-->', pos + 4);
  // "<!-->" and "<!--->" are complete (empty) comments for browsers.
  if (text.startsWith('>', pos + 4) || text.startsWith('->', pos + 4)) return text.indexOf('>', pos + 4) + 1;
  if (close >= 0) return close + 3;
  s.problems.push({ kind: 'unterminated-comment', start: pos, end: pos + 4, message: 'This comment is never closed, so everything after it is hidden. Add -->.' });
  return s.n;
}

/** An end tag starting at `pos` (`</name`); closes its element and those left open inside it. */
export function endTag(s: TemplateScanner, pos: number): number {
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
export function startTag(s: TemplateScanner, pos: number): number {
  const parent = s.open.top;
  const el = newElement(s, pos, parent);
  const { end, closed } = startTagAttributes(s, el);
  el.startTagEnd = end;
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

/** The attributes of a start tag, up to its `>` or `/>` (`closed`) or the end of the text. */
function startTagAttributes(s: TemplateScanner, el: Element): { end: number; closed: boolean } {
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
    if (c === 62 /* > */) return { end: k + 1, closed: true };
    if (c === 47 /* / */) {
      if (text.charCodeAt(k + 1) === 62) {
        el.selfClosing = true;
        return { end: k + 2, closed: true };
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
  return { end: k, closed: false };
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
