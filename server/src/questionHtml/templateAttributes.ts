import type { Attribute, Element } from './templateModel';
import { SPACES, skipRun, type TemplateScanner } from './templateScanner';

const ATTRIBUTE_NAME = /[^ \t\n\f\r/>={]*/y;
const UNQUOTED_VALUE = /[^ \t\n\f\r>{]*/y;

/**
 * Scans the attribute starting at `pos` into `el`; returns the offset after it. `seen` holds the
 * names given before in the tag; `conditional` says a section opened in the tag, where a repeated
 * name is an alternative (`{{#a}}x="1"{{/a}}{{^a}}x="2"{{/a}}`).
 */
export function scanAttribute(s: TemplateScanner, el: Element, pos: number, seen: Set<string>, conditional: boolean): number {
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
