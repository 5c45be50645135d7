import * as jsonc from 'jsonc-parser';
import { depthExceededAt, MAX_JSON_DEPTH } from '../jsonFile';
import type { NameList } from './courseNames';
import { indentationAt, indentUnit, lineEnding, type OffsetEdit } from './textEdits';

/** Kinds of name a file can use that infoCourse.json declares (the `kind` of undeclared-name data). */
export type DeclarableKind = 'topic' | 'tag' | 'assessmentSet' | 'assessmentModule' | 'sharingSet';

export const DECLARATION_LIST: Record<DeclarableKind, NameList> = {
  topic: 'topics',
  tag: 'tags',
  assessmentSet: 'assessmentSets',
  assessmentModule: 'assessmentModules',
  sharingSet: 'sharingSets',
};

const COLORS = ['red', 'pink', 'purple', 'blue', 'turquoise', 'green', 'yellow', 'orange', 'brown', 'gray'].flatMap((c) => [
  `${c}1`,
  `${c}2`,
  `${c}3`,
]);

/**
 * The edit to infoCourse.json that declares `name` in the list for `kind`, with what that list
 * requires (a color not yet used in the list, a heading). It follows the list's layout: one line
 * per item or spread over lines. Undefined when the file is not an object to edit safely.
 */
export function declareNameEdit(infoCourseText: string, kind: DeclarableKind, name: string): OffsetEdit | undefined {
  return declareNamesEdit(infoCourseText, kind, [name]);
}

/** One edit that declares all of `names` (in order) at the end of the list, each with its own color. */
export function declareNamesEdit(infoCourseText: string, kind: DeclarableKind, names: readonly string[]): OffsetEdit | undefined {
  if (names.length === 0) return undefined;
  if (depthExceededAt(infoCourseText, MAX_JSON_DEPTH) !== undefined) return undefined;
  const root = jsonc.parseTree(infoCourseText);
  if (root?.type !== 'object') return undefined;
  const list = DECLARATION_LIST[kind];
  const text = infoCourseText;
  const eol = lineEnding(text);
  const unit = indentUnit(text);
  const array = jsonc.findNodeAtLocation(root, [list]);
  if (array && array.type !== 'array') return undefined;
  const items = array?.children ?? [];
  const used = usedColors(items);
  const fieldsOf = names.map((name) => {
    const fields = declarationFields(kind, name, used);
    for (const [k, v] of fields) if (k === 'color') used.add(v);
    return fields;
  });

  if (array && items.length > 0) {
    const last = items[items.length - 1];
    const first = items[0];
    const multiLine = text.slice(first.offset, first.offset + first.length).includes('\n');
    const itemIndent = indentationAt(text, last.offset);
    const added = fieldsOf.map((fields) => `,${eol}${itemIndent}${formatItem(fields, multiLine, itemIndent, unit, eol)}`).join('');
    const at = last.offset + last.length;
    return { start: at, end: at, newText: added };
  }
  if (array) {
    const propIndent = indentationAt(text, array.offset);
    const added = fieldsOf.map((fields) => `${propIndent}${unit}${formatItem(fields, false, propIndent + unit, unit, eol)}`).join(`,${eol}`);
    const inside = array.offset + 1;
    return { start: inside, end: array.offset + array.length - 1, newText: `${eol}${added}${eol}${propIndent}` };
  }
  const added = fieldsOf.map((fields) => `${unit}${unit}${formatItem(fields, false, unit + unit, unit, eol)}`).join(`,${eol}`);
  const property = `"${list}": [${eol}${added}${eol}${unit}]`;
  const props = root.children ?? [];
  if (props.length === 0) {
    return { start: root.offset + 1, end: root.offset + root.length - 1, newText: `${eol}${unit}${property}${eol}` };
  }
  const lastProp = props[props.length - 1];
  const at = lastProp.offset + lastProp.length;
  return { start: at, end: at, newText: `,${eol}${unit}${property}` };
}

function declarationFields(kind: DeclarableKind, name: string, used: Set<string>): [string, string][] {
  const color = COLORS.find((c) => !used.has(c)) ?? 'gray1';
  switch (kind) {
    case 'topic':
    case 'tag':
      return [['name', name], ['color', color]];
    case 'assessmentSet':
      return [['abbreviation', name], ['name', name], ['heading', name], ['color', color]];
    case 'assessmentModule':
      return [['name', name], ['heading', name]];
    case 'sharingSet':
      return [['name', name]];
  }
}

function usedColors(items: jsonc.Node[]): Set<string> {
  const used = new Set<string>();
  for (const item of items) {
    const color = jsonc.findNodeAtLocation(item, ['color']);
    if (typeof color?.value === 'string') used.add(color.value);
  }
  return used;
}

function formatItem(fields: [string, string][], multiLine: boolean, indent: string, unit: string, eol: string): string {
  const parts = fields.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  if (!multiLine) return `{ ${parts.join(', ')} }`;
  return `{${eol}${parts.map((p) => indent + unit + p).join(`,${eol}`)}${eol}${indent}}`;
}
