import { attributeDefault, isBooleanSpelling, TRUE_SPELLINGS, type ElementInfo, findAttribute } from '../elements';
import { type Element } from '../template';
import type { Resolved } from '../analysis';
import type { TemplateRule } from './rule';

/**
 * Required attributes, including the ones elementData.json marks as required only under a
 * condition (gradable drawings, pl-overlay without a background, pl-location's sides).
 * Skipped when mustache may supply attributes (`<pl-x {{attrs}}>`).
 */
export const requiredAttribute: TemplateRule = {
  name: 'requiredAttribute',
  needs: 'template',
  codes: {
    'missing-required-attribute': { severity: 'error', description: 'A required attribute is missing; PrairieLearn rejects the question.' },
  },
  check({ template, resolved }, _context, report) {
    for (const el of template.elements) {
      const { info, misplaced } = resolved.get(el)!;
      if (misplaced || !info || el.dynamicAttributes || info.attributeCheck === 'none') continue;
      const missing = info.required.filter((name) => !findAttribute(el, name));
      for (const name of Object.keys(info.requiredWhen)) if (conditionHolds(el, info, name, resolved) && !findAttribute(el, name)) missing.push(name);
      for (const name of missing) {
        report({
          code: 'missing-required-attribute',
          message: `<${el.tag}> is missing required attribute "${name}".`,
          start: el.nameStart,
          end: el.nameEnd,
          data: { attribute: name },
        });
      }
      if (info.name === 'pl-location') oneOfEach(el, report);
    }
  },
};

function conditionHolds(el: Element, info: ElementInfo, name: string, resolved: Map<Element, Resolved>): boolean {
  const condition = info.requiredWhen[name];
  if (/gradable/.test(condition)) {
    const gradable = findAttribute(el, 'gradable');
    if (gradable?.dynamic) return false;
    const value = gradable?.value ?? attributeDefault(info.name, 'gradable') ?? 'false';
    return isBooleanSpelling(value) && TRUE_SPELLINGS.includes(value);
  }
  if (/pl-background/.test(condition)) return !el.children.some((c) => resolved.get(c)?.name === 'pl-background');
  return false;
}

function oneOfEach(el: Element, report: Parameters<typeof requiredAttribute.check>[2]) {
  for (const [a, b] of [
    ['left', 'right'],
    ['top', 'bottom'],
  ]) {
    const count = [a, b].filter((n) => findAttribute(el, n)).length;
    if (count !== 1) {
      report({
        code: 'missing-required-attribute',
        message: `<${el.tag}> needs exactly one of "${a}" and "${b}".`,
        start: el.nameStart,
        end: el.nameEnd,
      });
    }
  }
}
