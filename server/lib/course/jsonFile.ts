import * as jsonc from 'jsonc-parser';
import type { TextRange } from './diagnostic';

export type JsonPath = (string | number)[];

/**
 * How deep the checker follows nested arrays and objects. PrairieLearn reads any depth, but the
 * parsers that give values their places recurse and run out of stack some thousands deep; no real
 * info file comes near this.
 */
export const MAX_JSON_DEPTH = 1000;

export interface JsonSyntaxError {
  offset: number;
  length: number;
  message: string;
}

/**
 * One course JSON file. Parsing uses JSON.parse first (fast, and exactly as strict as
 * PrairieLearn); the jsonc-parser tree that gives every value a range is built only when asked for.
 */
export class JsonFile {
  private treeCache: jsonc.Node | undefined | null = null;
  private lineStartsCache: number[] | undefined;
  /** Made on first use: most files are never asked for a place (a whole-course check holds thousands). */
  private propertyIndex: WeakMap<jsonc.Node, Map<string, jsonc.Node>> | undefined;
  readonly value: unknown;
  readonly syntaxErrors: JsonSyntaxError[];
  /** Where the nesting first goes deeper than `MAX_JSON_DEPTH`; such a file is not parsed at all. */
  readonly tooDeepAt: number | undefined;

  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    let value: unknown ;
    let errors: JsonSyntaxError[] = [];
    this.tooDeepAt = depthExceededAt(text, MAX_JSON_DEPTH);
    if (this.tooDeepAt !== undefined) {
      this.value = undefined;
      this.syntaxErrors = [];
      this.treeCache = undefined;
      return;
    }
    try {
      // A byte order mark fails here as in PrairieLearn, which reads info files as UTF-8 text and
      // JSON.parses them (its fallback parser, jju in JSON mode, rejects the mark too).
      value = JSON.parse(text);
    } catch {
      errors = strictSyntaxErrors(text);
    }
    this.value = value;
    this.syntaxErrors = errors;
  }

  get ok(): boolean {
    return this.syntaxErrors.length === 0 && this.tooDeepAt === undefined;
  }

  get tree(): jsonc.Node | undefined {
    if (this.treeCache === null) {
      this.treeCache = jsonc.parseTree(this.text, [], { allowTrailingComma: false, disallowComments: true });
    }
    return this.treeCache;
  }

  /** The node at `path`, or the deepest existing ancestor when the path does not exist. */
  nearestNode(path: JsonPath): jsonc.Node | undefined {
    let node = this.tree;
    if (!node) return undefined;
    for (const segment of path) {
      const child = this.child(node, segment);
      if (!child) break;
      node = child;
    }
    return node;
  }

  /** The node at `path` (as jsonc's findNodeAtLocation finds it), or undefined. */
  nodeAt(path: JsonPath): jsonc.Node | undefined {
    let node = this.tree;
    for (let i = 0; node && i < path.length; i++) node = this.child(node, path[i]);
    return node;
  }

  /**
   * One step down: an object's property value (the first of that name) through an index made
   * once per object, so that reporting on each of 50,000 properties does not search them all.
   */
  private child(node: jsonc.Node, segment: string | number): jsonc.Node | undefined {
    if (typeof segment === 'number') {
      return node.type === 'array' && node.children && segment >= 0 && segment < node.children.length ? node.children[segment] : undefined;
    }
    if (node.type !== 'object' || !node.children) return undefined;
    this.propertyIndex ??= new WeakMap();
    let index = this.propertyIndex.get(node);
    if (!index) {
      index = new Map();
      for (const property of node.children) {
        const [key, value] = property.children ?? [];
        if (property.children?.length === 2 && typeof key.value === 'string' && !index.has(key.value)) index.set(key.value, value);
      }
      this.propertyIndex.set(node, index);
    }
    return index.get(segment);
  }

  /**
   * The tightest range for `path`: the property key when `part` is 'key', else the value.
   * Falls back to the nearest existing ancestor (its key if it has one), then to the file start.
   */
  rangeOf(path: JsonPath, part: 'key' | 'value' = 'value'): TextRange {
    const exact = this.nodeAt(path);
    const node = exact ?? this.nearestNode(path);
    if (!node) return { start: 0, end: Math.min(this.text.length, 1) };
    const usingAncestor = !exact;
    const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if ((part === 'key' || usingAncestor) && keyNode) return { start: keyNode.offset, end: keyNode.offset + keyNode.length };
    if (node.type === 'object' || node.type === 'array') {
      // A whole object is too wide a squiggle; mark its opening bracket.
      if (keyNode) return { start: keyNode.offset, end: keyNode.offset + keyNode.length };
      return { start: node.offset, end: node.offset + 1 };
    }
    return { start: node.offset, end: node.offset + node.length };
  }

  /** Zero-based line and character of an offset. */
  positionAt(offset: number): { line: number; character: number } {
    return positionAtOffset(this.lineStarts(), offset);
  }

  private lineStarts(): number[] {
    if (!this.lineStartsCache) this.lineStartsCache = computeLineStarts(this.text);
    return this.lineStartsCache;
  }
}

/**
 * The offset of the first bracket that opens level `maxDepth + 1`, or undefined when the text
 * nests no deeper than that. One pass over the text, skipping strings; texts too short to nest
 * that deep are not scanned.
 */
export function depthExceededAt(text: string, maxDepth: number): number | undefined {
  if (text.length <= maxDepth) return undefined;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \\ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return i;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      if (depth > 0) depth--;
    }
  }
  return undefined;
}

/** A JSON value that is an object (not an array, not null), as a record to read with narrowing; else undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The value at `path` of parsed JSON, if any. */
export function valueAtPath(data: unknown, path: JsonPath): unknown {
  let at = data;
  for (const key of path) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** A JSON value that is an array; else an empty one. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Zero-based line and character of an offset, given the offsets at which lines start (`computeLineStarts`). */
export function positionAtOffset(lineStarts: number[], offset: number): { line: number; character: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - lineStarts[lo] };
}

export function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** A checked text file that is not JSON (question.html): offsets to line and character, as `JsonFile` gives them for info files. */
export class SourceText {
  private starts: number[] | undefined;

  constructor(readonly text: string) {}

  positionAt(offset: number): { line: number; character: number } {
    return positionAtOffset((this.starts ??= computeLineStarts(this.text)), offset);
  }
}

/**
 * The first syntax error at its place, reported as strict JSON (comments and trailing commas are
 * errors). Only the first, as PrairieLearn reports one: what follows a mistake is often the parser
 * losing its way.
 */
function strictSyntaxErrors(text: string): JsonSyntaxError[] {
  if (text.charCodeAt(0) === 0xfeff) {
    return [{ offset: 0, length: 1, message: 'Byte order mark (BOM) at the start of the file, which PrairieLearn cannot parse; save the file as UTF-8 without BOM' }];
  }
  const errors: jsonc.ParseError[] = [];
  jsonc.parse(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return [{ offset: 0, length: Math.min(text.length, 1), message: 'Invalid JSON' }];
  return [{ offset: first.offset, length: Math.max(first.length, 1), message: describeParseError(first.error) }];
}

function describeParseError(code: jsonc.ParseErrorCode): string {
  switch (code) {
    case jsonc.ParseErrorCode.InvalidSymbol:
      return 'Invalid symbol';
    case jsonc.ParseErrorCode.InvalidNumberFormat:
      return 'Invalid number format';
    case jsonc.ParseErrorCode.PropertyNameExpected:
      return 'Property name expected';
    case jsonc.ParseErrorCode.ValueExpected:
      return 'Value expected';
    case jsonc.ParseErrorCode.ColonExpected:
      return 'Colon expected';
    case jsonc.ParseErrorCode.CommaExpected:
      return 'Comma expected';
    case jsonc.ParseErrorCode.CloseBraceExpected:
      return 'Closing brace expected';
    case jsonc.ParseErrorCode.CloseBracketExpected:
      return 'Closing bracket expected';
    case jsonc.ParseErrorCode.EndOfFileExpected:
      return 'End of file expected';
    case jsonc.ParseErrorCode.InvalidCommentToken:
      return 'Comments are not allowed in JSON';
    case jsonc.ParseErrorCode.UnexpectedEndOfComment:
      return 'Unexpected end of comment';
    case jsonc.ParseErrorCode.UnexpectedEndOfString:
      return 'Unexpected end of string';
    case jsonc.ParseErrorCode.UnexpectedEndOfNumber:
      return 'Unexpected end of number';
    case jsonc.ParseErrorCode.InvalidUnicode:
      return 'Invalid unicode sequence in string';
    case jsonc.ParseErrorCode.InvalidEscapeCharacter:
      return 'Invalid escape character in string';
    case jsonc.ParseErrorCode.InvalidCharacter:
      return 'Invalid characters in string (control characters must be escaped)';
    default:
      return 'Invalid JSON';
  }
}
