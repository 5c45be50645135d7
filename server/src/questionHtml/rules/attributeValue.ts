import { canonicalAttribute, isBooleanSpelling, type ElementInfo } from '../elements';
import type { Attribute } from '../template';
import type { TemplateRule } from './rule';

// What Python's int() and float() accept, which is what the elements use.
const INTEGER = /^\s*[+-]?\d+(_\d+)*\s*$/;
const FLOAT = /^\s*[+-]?((\d+(_\d+)*)?\.?\d+(_\d+)*([eE][+-]?\d+)?|\d+(_\d+)*\.|inf(inity)?|nan)\s*$/i;

/**
 * Values that are not one of an enum's values, not a boolean spelling PrairieLearn accepts, or not
 * an integer or number. Skipped when the value holds mustache (known only at render time) and for
 * attributes whose values only the docs name.
 */
export const attributeValue: TemplateRule = {
  name: 'attributeValue',
  needs: 'template',
  codes: {
    'invalid-attribute-value': { severity: 'error', description: 'An attribute value the element rejects (enum, boolean, integer or number).' },
  },
  check({ template, resolved }, _env, report) {
    for (const el of template.elements) {
      const { info, misplaced } = resolved.get(el)!;
      if (misplaced || !info) continue;
      for (const a of el.attributes) {
        if (a.dynamic) continue;
        const message = problem(info, canonicalAttribute(a.name), a, el.tag);
        if (!message) continue;
        const bare = a.value === undefined;
        report({
          code: 'invalid-attribute-value',
          message,
          start: bare ? a.nameStart : a.valueStart,
          end: bare ? a.nameEnd : a.valueEnd,
        });
      }
    }
  },
};

function problem(info: ElementInfo, name: string, a: Attribute, tag: string): string | undefined {
  const type = info.attributeValues[name];
  if (!type || type === 'string' || info.documentedOnly.includes(name)) return undefined;
  if (a.value === undefined) return `Attribute "${a.name}" on <${tag}> must have a value.`;
  const value = a.value;
  if (Array.isArray(type)) {
    if (type.includes(value)) return undefined;
    // pl-dropdown upper-cases "sort" before comparing.
    if (info.name === 'pl-dropdown' && name === 'sort' && type.includes(value.toLowerCase())) return undefined;
    // Some enums still take the old boolean form (deprecated, reported by the deprecation rule).
    const oldBooleans = info.deprecatedValues[name];
    if (oldBooleans && ('true' in oldBooleans || 'false' in oldBooleans) && isBooleanSpelling(value)) return undefined;
    if (value !== value.toLowerCase() && type.includes(value.toLowerCase())) return `Value "${value}" assigned to "${a.name}" cannot have uppercase characters.`;
    return `Attribute "${a.name}" on <${tag}> must be one of: ${type.map((v) => `"${v}"`).join(', ')}.`;
  }
  if (type === 'boolean' && !isBooleanSpelling(value)) return `Attribute "${a.name}" on <${tag}> must be a boolean: true or false (or t/f, 1/0, yes/no).`;
  if (type === 'integer' && !INTEGER.test(value)) return `Attribute "${a.name}" on <${tag}> must be an integer.`;
  if (type === 'float' && !FLOAT.test(value)) return `Attribute "${a.name}" on <${tag}> must be a number.`;
  return undefined;
}
