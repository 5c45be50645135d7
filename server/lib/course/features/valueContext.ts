import * as jsonc from 'jsonc-parser';
import type { TextRange } from '../diagnostic';
import type { JsonPath } from '../jsonFile';

/** A value position in a JSON text: where the cursor is and what a completion would replace. */
export interface ValueContext {
  path: JsonPath;
  /** The existing string value (quotes included), or an empty range at the cursor. */
  replace: TextRange;
  /** The string value's content, when the cursor is on one. */
  value?: string;
}

/** The value the cursor is on or about to type; undefined on a property name or outside any value. */
export function valueContextAt(text: string, offset: number): ValueContext | undefined {
  const location = jsonc.getLocation(text, offset);
  if (location.isAtPropertyKey || location.path.length === 0) return undefined;
  const node = location.previousNode;
  if (node?.type === 'string' && offset > node.offset && offset <= node.offset + node.length) {
    return { path: location.path, replace: { start: node.offset, end: node.offset + node.length }, value: node.value };
  }
  if (node) return undefined;
  return { path: location.path, replace: { start: offset, end: offset } };
}

/** Every string value in a JSON text with its path, for finding references across a file. */
export function stringValues(root: jsonc.Node | undefined): { path: JsonPath; value: string; range: TextRange }[] {
  const out: { path: JsonPath; value: string; range: TextRange }[] = [];
  const walk = (node: jsonc.Node, path: JsonPath) => {
    if (node.type === 'string') {
      out.push({ path, value: node.value, range: { start: node.offset, end: node.offset + node.length } });
    } else if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (key && value) walk(value, [...path, key.value]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => walk(child, [...path, i]));
    }
  };
  if (root) walk(root, []);
  return out;
}
