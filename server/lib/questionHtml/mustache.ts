/**
 * Mustache tags of a template, found the way mustache.js (which PrairieLearn runs over the whole
 * file before any HTML parsing) finds them: `{{` ... `}}` anywhere, `{{{x}}}` for raw output,
 * with sections that must nest. Offsets are exact so that HTML scanning can treat every tag as
 * one opaque unit.
 */
export type MustacheKind = 'variable' | 'raw' | 'section' | 'inverted' | 'close' | 'comment' | 'partial' | 'delimiters';

export interface MustacheTag {
  kind: MustacheKind;
  start: number;
  end: number;
  /** The name, trimmed (`params.x`, `.`); '' for comments. */
  name: string;
  /** Offset of the name in the text. */
  nameStart: number;
}

export interface MustacheProblem {
  start: number;
  end: number;
  message: string;
}

export interface MustacheScan {
  tags: MustacheTag[];
  problems: MustacheProblem[];
  /** Set when the template changes the delimiters: tags after that point are not found. */
  stoppedAt?: number;
}

const SIGILS: Record<string, MustacheKind> = {
  '#': 'section',
  '^': 'inverted',
  '/': 'close',
  '!': 'comment',
  '>': 'partial',
  '&': 'raw',
  '=': 'delimiters',
};

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
