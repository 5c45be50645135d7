import { exclusive } from '../analysis';
import { findAttribute, type Attribute, type Element } from '../template';
import type { TemplateRule } from './rule';
import { relatedOf } from './related';

/**
 * Answer names must be unique and not empty: PrairieLearn raises `Duplicate "answers-name"
 * attribute` (pl.check_answers_names) when a second element registers a name, so two inputs never
 * silently share one answer. Values are compared as written, mustache included; two elements in
 * the {{#k}} and {{^k}} branches of one section never render together and are not duplicates.
 */
export const answersNameUnique: TemplateRule = {
  name: 'answersNameUnique',
  needs: 'template',
  codes: {
    'duplicate-answers-name': { severity: 'error', description: 'Two submission elements share one answers-name.' },
    'empty-answers-name': { severity: 'error', description: 'An answers-name that is empty or only spaces.' },
  },
  check({ template, resolved }, _env, report) {
    const byValue = new Map<string, { el: Element; attr: Attribute; key: string }[]>();
    for (const el of template.elements) {
      const info = resolved.get(el)!.info;
      if (!info?.uniqueAnswerName || !info.answerKey) continue;
      const attr = findAttribute(el, info.answerKey);
      if (!attr || attr.value === undefined) continue;
      if (attr.value.trim() === '') {
        report({ code: 'empty-answers-name', message: `"${info.answerKey}" attribute cannot be empty.`, start: attr.nameStart, end: attr.valueEnd + (attr.quote ? 1 : 0) });
        continue;
      }
      const list = byValue.get(attr.value);
      // Named by its canonical spelling in messages, however the template spells it (answers_name).
      const entry = { el, attr, key: info.answerKey };
      if (list) list.push(entry);
      else byValue.set(attr.value, [entry]);
    }
    const taken = new Set(byValue.keys());
    for (const [value, list] of byValue) {
      if (list.length < 2) continue;
      for (const one of list) {
        const others = relatedOf(list, one, (o) => !exclusive(o.el, one.el));
        if (others.length === 0) continue;
        report({
          code: 'duplicate-answers-name',
          message: `Duplicate "${one.key}" attribute: "${value}". Each input needs its own name, or they share one answer.`,
          start: one.attr.valueStart,
          end: one.attr.valueEnd,
          related: others.map((o) => ({ start: o.attr.valueStart, end: o.attr.valueEnd, message: `"${value}" is also used by this <${o.el.tag}>` })),
          data: { value, suggestion: freshName(value, taken) },
        });
      }
    }
  },
};

/** `name2`, `name3`... : the first that no element of the template uses. */
function freshName(value: string, taken: Set<string>): string {
  const base = value.replace(/\d+$/, '');
  for (let i = 2; ; i++) if (!taken.has(base + i)) return base + i;
}
