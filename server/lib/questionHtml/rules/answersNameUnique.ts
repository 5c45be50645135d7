import { exclusive } from '../analysis';
import { isBooleanSpelling, TRUE_SPELLINGS, type ElementInfo, findAttribute } from '../elements';
import { type Attribute, type Element, type Section } from '../template';
import type { TemplateRule } from './rule';
import { relatedOf } from './related';

interface Use {
  el: Element;
  attr: Attribute;
  key: string;
  /** PrairieLearn refuses a second element with this name (pl.check_answers_names). */
  registers: boolean;
  /** The mustache sections around it, as written: `{{#params.a}}/{{^b}}`. */
  path: string;
}

/**
 * Answer names must be unique and not empty. PrairieLearn renders mustache first and then raises
 * `Duplicate "answers-name" attribute` (pl.check_answers_names) when a second element registers a
 * name: an error when both inputs sit in the same mustache sections (or none). In different
 * sections they are on the page together only if both sections render: a warning that says so; in
 * the {{#k}} and {{^k}} branches of one section never. Elements that do not register their name
 * (a gradable pl-drawing, pl-order-blocks) are not refused, but two inputs with one name break
 * grading: a warning. Values are compared as written, mustache included.
 */
export const answersNameUnique: TemplateRule = {
  name: 'answersNameUnique',
  needs: 'template',
  codes: {
    'duplicate-answers-name': { severity: 'error', description: 'Two submission elements in the same mustache sections share one answers-name.' },
    'duplicate-answers-name-in-sections': { severity: 'warning', description: 'Two submission elements in different mustache sections share one answers-name: they collide if both render.' },
    'shared-answers-name': { severity: 'warning', description: 'Two gradable inputs share one answers-name that PrairieLearn does not refuse (pl-drawing, pl-order-blocks): grading breaks.' },
    'empty-answers-name': { severity: 'error', description: 'An answers-name that is empty or only spaces.' },
  },
  check({ template, resolved }, _context, report) {
    const byValue = new Map<string, Use[]>();
    for (const el of template.elements) {
      const info = resolved.get(el)!.info;
      if (!info?.answerKey || !gradableInput(el, info)) continue;
      const attr = findAttribute(el, info.answerKey);
      if (!attr || attr.value === undefined) continue;
      if (info.uniqueAnswerName && attr.value.trim() === '') {
        report({ code: 'empty-answers-name', message: `"${info.answerKey}" attribute cannot be empty.`, start: attr.nameStart, end: attr.valueEnd + (attr.quote ? 1 : 0) });
        continue;
      }
      const list = byValue.get(attr.value);
      // Named by its canonical spelling in messages, however the template spells it (answers_name).
      const use: Use = { el, attr, key: info.answerKey, registers: info.uniqueAnswerName, path: sectionPath(el.sections) };
      if (list) list.push(use);
      else byValue.set(attr.value, [use]);
    }
    const taken = new Set(byValue.keys());
    for (const [value, list] of byValue) {
      if (list.length < 2) continue;
      for (const one of list) {
        const others = relatedOf(list, one, (o) => !exclusive(o.el, one.el));
        if (others.length === 0) continue;
        const refused = others.filter((o) => one.registers && o.registers && o.path === one.path);
        const related = (list: Use[]) => list.map((o) => ({ start: o.attr.valueStart, end: o.attr.valueEnd, message: `"${value}" is also used by this <${o.el.tag}>` }));
        const range = { start: one.attr.valueStart, end: one.attr.valueEnd, data: { value, suggestion: freshName(value, taken) } };
        if (refused.length > 0) {
          report({
            code: 'duplicate-answers-name',
            message: `Duplicate "${one.key}" attribute: "${value}". Each input needs its own name, or they share one answer.`,
            related: related(refused),
            ...range,
          });
        } else if (one.registers && others.every((o) => o.registers)) {
          const sections = [...new Set([one.path, ...others.map((o) => o.path)])].map((p) => p || 'outside every section');
          report({
            code: 'duplicate-answers-name-in-sections',
            message: `"${value}" is also the ${one.key} of an input in other mustache sections (${sections.join('; ')}). They collide only if both render: then PrairieLearn refuses the question with Duplicate "${one.key}" attribute.`,
            related: related(others),
            ...range,
          });
        } else {
          report({
            code: 'shared-answers-name',
            message: `"${value}" is also the ${one.key} of another gradable input. PrairieLearn does not refuse this, but both write one submitted answer, so grading breaks. Give each its own name.`,
            related: related(others),
            ...range,
          });
        }
      }
    }
  },
};

/** Whether the element submits an answer under its name: a pl-drawing only when gradable. */
function gradableInput(el: Element, info: ElementInfo): boolean {
  if (info.answerKey !== 'answers-name') return false;
  if (info.name !== 'pl-drawing') return true;
  const gradable = findAttribute(el, 'gradable');
  return gradable?.value !== undefined && !gradable.dynamic && isBooleanSpelling(gradable.value) && TRUE_SPELLINGS.includes(gradable.value);
}

function sectionPath(sections: readonly Section[]): string {
  return sections.map((s) => `{{${s.inverted ? '^' : '#'}${s.name}}}`).join(' ');
}

/** `name2`, `name3`... : the first that no element of the template uses. */
function freshName(value: string, taken: Set<string>): string {
  const base = value.replace(/\d+$/, '');
  for (let i = 2; ; i++) if (!taken.has(base + i)) return base + i;
}
