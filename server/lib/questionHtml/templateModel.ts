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

/** A mustache tag's kind, by its sigil (`{{#x}}` a section...; `{{{x}}}` and `{{& x}}` raw output). */
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
