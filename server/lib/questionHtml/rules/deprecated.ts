import { canonicalAttribute, FALSE_SPELLINGS, isBooleanSpelling, TRUE_SPELLINGS, findAttribute } from '../elements';
import { type Element } from '../template';
import type { TemplateRule } from './rule';

/**
 * pl-multiple-choice with builtin-grading="false" takes all-of-the-above and none-of-the-above only
 * as true/false: the "random" that replaces the boolean form elsewhere would break the question.
 */
export function keepsBooleanForm(el: Element, element: string, attribute: string): boolean {
  if (element !== 'pl-multiple-choice' || (attribute !== 'all-of-the-above' && attribute !== 'none-of-the-above')) return false;
  const grading = findAttribute(el, 'builtin-grading');
  return grading?.value !== undefined && FALSE_SPELLINGS.includes(grading.value);
}

/**
 * Deprecated elements, attributes and values still work, and PrairieLearn warns no author about them:
 * hints at their use (struck through in the editor, not in the Problems panel), with the replacement.
 */
export const deprecated: TemplateRule = {
  name: 'deprecated',
  needs: 'template',
  codes: {
    'deprecated-element': { severity: 'hint', description: 'A deprecated element (a hint at its use: it still works, as PrairieLearn shows no author a warning for it).' },
    'deprecated-attribute': { severity: 'hint', description: 'A deprecated attribute (a hint at its use).' },
    'deprecated-attribute-value': { severity: 'hint', description: 'A deprecated attribute value (a hint at its use).' },
  },
  check({ template, resolved }, _context, report) {
    for (const el of template.elements) {
      const info = resolved.get(el)!.info;
      if (!info) continue;
      if (info.deprecated) {
        report({ code: 'deprecated-element', message: `<${el.tag}> is deprecated. ${info.deprecated.replace(/^\S+ is deprecated\.\s*/, '')}`, start: el.nameStart, end: el.nameEnd, data: { element: info.name } });
      }
      for (const a of el.attributes) {
        const name = canonicalAttribute(a.name);
        const hint = info.deprecatedAttributes[name];
        if (hint) {
          report({ code: 'deprecated-attribute', message: `"${a.name}" on <${el.tag}> is deprecated. ${hint === 'deprecated' ? 'Leave it out.' : hint}`, start: a.nameStart, end: a.nameEnd, data: { element: info.name, attribute: name } });
        }
        const values = info.deprecatedValues[name];
        if (!values || a.value === undefined || a.dynamic || keepsBooleanForm(el, info.name, name)) continue;
        // A value listed as "true"/"false" stands for every spelling of that boolean.
        const key = values[a.value] ? a.value : isBooleanSpelling(a.value) ? (TRUE_SPELLINGS.includes(a.value) ? 'true' : 'false') : undefined;
        // The facts' notes on where a hint comes from are not for users.
        const valueHint = key && values[key]?.replace(/\s*\(docs:[^)]*\)/, '');
        if (valueHint) {
          report({ code: 'deprecated-attribute-value', message: `${a.name}="${a.value}" on <${el.tag}> is deprecated. ${valueHint}`, start: a.valueStart, end: a.valueEnd, data: { element: info.name, attribute: name, value: a.value } });
        }
      }
    }
  },
};
