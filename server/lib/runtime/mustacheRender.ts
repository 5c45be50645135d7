import { scanMustache, type MustacheTag } from '../questionHtml';

/**
 * Renders question.html's mustache tags as PrairieLearn's JS `mustache` does, over the tags the
 * template scanner finds: JS stringification (3.0 prints 3, true prints true), mustache.js
 * escaping, section truthiness (0, "", [] are false), dotted lookups through the context stack,
 * and standalone section/comment lines removed. Partials render nothing. Throws on unbalanced
 * sections, as mustache.js does.
 */
export function renderMustache(template: string, view: unknown): string {
  const scan = scanMustache(template);
  if (scan.problems.length > 0) throw new Error(scan.problems[0].message);
  if (scan.stoppedAt !== undefined) throw new Error('Changed mustache delimiters ({{= =}}) are not supported here.');
  const nodes = buildTree(template, scan.tags);
  return renderNodes(nodes, [view]);
}

type Node = string | { tag: MustacheTag; children?: Node[] };

const STANDALONE = new Set(['section', 'inverted', 'close', 'comment', 'partial']);

/** Text and tags nested by section, with standalone tag lines stripped of their whitespace. */
function buildTree(text: string, tags: MustacheTag[]): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  let pos = 0;
  for (const tag of tags) {
    let start = tag.start;
    let end = tag.end;
    if (STANDALONE.has(tag.kind)) {
      const lineStart = text.lastIndexOf('\n', start - 1) + 1;
      let lineEnd = text.indexOf('\n', end);
      if (lineEnd < 0) lineEnd = text.length;
      if (/^[ \t]*$/.test(text.slice(lineStart, start)) && /^[ \t\r]*$/.test(text.slice(end, lineEnd)) && lineStart >= pos) {
        start = lineStart;
        end = Math.min(text.length, lineEnd + 1);
      }
    }
    const top = stack[stack.length - 1];
    if (start > pos) top.push(text.slice(pos, start));
    pos = end;
    if (tag.kind === 'section' || tag.kind === 'inverted') {
      const node = { tag, children: [] as Node[] };
      top.push(node);
      stack.push(node.children);
    } else if (tag.kind === 'close') stack.pop();
    else if (tag.kind !== 'comment' && tag.kind !== 'partial') top.push({ tag });
  }
  if (pos < text.length) stack[stack.length - 1].push(text.slice(pos));
  return root;
}

function renderNodes(nodes: Node[], stack: unknown[]): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
      continue;
    }
    const value = lookup(stack, node.tag.name);
    switch (node.tag.kind) {
      case 'variable':
        out += escapeHtml(stringify(value));
        break;
      case 'raw':
        // A student's answer is text even in {{{ }}}: the page must never take it for markup.
        out += value instanceof StudentText ? escapeHtml(value.text) : stringify(value);
        break;
      case 'section':
        if (Array.isArray(value)) for (const item of value) out += renderNodes(node.children!, [...stack, item]);
        else if (value === true) out += renderNodes(node.children!, stack);
        else if (value) out += renderNodes(node.children!, [...stack, value]);
        break;
      case 'inverted':
        if (!value || (Array.isArray(value) && value.length === 0)) out += renderNodes(node.children!, stack);
        break;
    }
  }
  return out;
}

/** mustache.js lookup: the nearest context in which the whole dotted path's last name exists. */
function lookup(stack: unknown[], name: string): unknown {
  if (name === '.') return stack[stack.length - 1];
  const names = name.split('.');
  for (let i = stack.length - 1; i >= 0; i--) {
    let value: unknown = stack[i];
    let hit = false;
    for (let k = 0; value !== null && value !== undefined && k < names.length; k++) {
      if (k === names.length - 1) hit = typeof value === 'object' ? names[k] in (value as object) : Object.hasOwn(value, names[k]);
      value = (value as Record<string, unknown>)[names[k]];
    }
    if (hit) return value;
  }
  return undefined;
}

/** A string of a student's (see studentTextView): renders as itself, but never unescaped. */
export class StudentText {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * The render phase's data with the submitted and raw answers' strings marked as the student's (empty
 * ones stay plain, so sections treat them as mustache.js does).
 */
export function studentTextView(data: Record<string, unknown>): Record<string, unknown> {
  const mark = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return v === '' ? v : new StudentText(v);
    if (depth > 100 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => mark(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mark(x, depth + 1)]));
  };
  return { ...data, submitted_answers: mark(data.submitted_answers, 0), raw_submitted_answers: mark(data.raw_submitted_answers, 0) };
}

function stringify(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '/': '&#x2F;', '`': '&#x60;', '=': '&#x3D;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`=/]/g, (c) => ENTITIES[c]);
}
