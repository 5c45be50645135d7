import { randomUUID } from 'node:crypto';
import * as jsonc from 'jsonc-parser';
import { indentUnit, lineEnding, type OffsetEdit } from './textEdits';

/** A fresh random (version 4) UUID, the kind PrairieLearn's own editors write. */
export function newUuid(): string {
  return randomUUID();
}

/**
 * The edit that gives a file the UUID `uuid`: it replaces the value of an existing top-level
 * "uuid" property, or inserts one as the first property (also into text that is not yet valid JSON).
 */
export function uuidEdit(text: string, uuid: string = newUuid()): OffsetEdit {
  const quoted = JSON.stringify(uuid);
  const root = jsonc.parseTree(text);
  if (root?.type === 'object') {
    const existing = jsonc.findNodeAtLocation(root, ['uuid']);
    if (existing) return { start: existing.offset, end: existing.offset + existing.length, newText: quoted };
  }
  const eol = lineEnding(text);
  const indent = indentUnit(text);
  const open = text.indexOf('{');
  if (open < 0) {
    return { start: 0, end: text.length, newText: `{${eol}${indent}"uuid": ${quoted}${eol}}${eol}` };
  }
  const hasProperties = /^\s*"/.test(text.slice(open + 1));
  return { start: open + 1, end: open + 1, newText: `${eol}${indent}"uuid": ${quoted}${hasProperties ? ',' : eol}` };
}
