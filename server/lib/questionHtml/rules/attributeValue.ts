import { canonicalAttribute, isBooleanSpelling, type ElementInfo, type ValueType } from '../elements';
import { extendedAncestor } from '../analysis';
import type { Attribute } from '../template';
import type { TemplateRule } from './rule';

// What Python's int() and float() accept: PrairieLearn's `integer` and `number` formats are
// exactly these (html_utils.is_integer_attrib / is_float_attrib), whether the element reads the
// value itself or validates it against its JSON schema.
const DIGITS = String.raw`\d+(?:_\d+)*`;
const INTEGER = new RegExp(String.raw`^\s*[+-]?${DIGITS}\s*$`);
const FLOAT = new RegExp(String.raw`^\s*[+-]?(?:(?:${DIGITS}\.(?:${DIGITS})?|\.${DIGITS}|${DIGITS})(?:e[+-]?${DIGITS})?|inf(?:inity)?|nan)\s*$`, 'i');

/**
 * Attributes whose JSON schema in PrairieLearn (the seven elements that ship one) takes any of
 * several forms (`anyOf`); this table lists each. A value is valid when one form accepts it.
 */
const ANY_OF: Record<string, ValueType[]> = {
  'pl-number-input correct-answer': ['float', ['']],
  'pl-multiple-choice all-of-the-above': ['boolean', ['false', 'random', 'correct', 'incorrect']],
  'pl-multiple-choice none-of-the-above': ['boolean', ['false', 'random', 'correct', 'incorrect']],
  'pl-checkbox partial-credit': ['boolean', ['off', 'coverage', 'each-answer', 'net-correct']],
};

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
  check(analysis, _context, report) {
    const { template, resolved } = analysis;
    for (const el of template.elements) {
      const { info, misplaced } = resolved.get(el)!;
      if (misplaced || !info) continue;
      for (const a of el.attributes) {
        if (a.dynamic) continue;
        // A new drawing object of a course's pl-drawing extension comes with its own button type.
        if (info.name === 'pl-drawing-button' && canonicalAttribute(a.name) === 'type' && extendedAncestor(el, analysis)) continue;
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
  const forms = ANY_OF[`${info.name} ${name}`];
  // lxml reads a bare attribute as the empty string.
  if (forms?.some((form) => accepts(form, a.value ?? ''))) return undefined;
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

function accepts(form: ValueType, value: string): boolean {
  if (Array.isArray(form)) return form.includes(value);
  if (form === 'boolean') return isBooleanSpelling(value);
  if (form === 'integer') return INTEGER.test(value);
  if (form === 'float') return FLOAT.test(value);
  return true;
}
