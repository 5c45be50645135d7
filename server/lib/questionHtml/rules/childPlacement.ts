import { elementInfos } from '../elements';
import type { TemplateRule } from './rule';

/**
 * Child tags outside their parents, and unexpected children of elements that accept only their
 * own child tags. Mustache sections are transparent (`{{#list}}<pl-answer>...{{/list}}` is a
 * direct child). A stray child tag is plain HTML to PrairieLearn (a warning); a strict parent
 * raises on an unexpected child (an error).
 */
export const childPlacement: TemplateRule = {
  name: 'childPlacement',
  needs: 'template',
  codes: {
    'misplaced-child-element': { severity: 'warning', description: 'A child tag (such as pl-answer) outside the elements that take it.' },
    'unexpected-child-element': { severity: 'error', description: 'A child an element that accepts only its own child tags rejects.' },
  },
  check({ template, resolved }, _context, report) {
    for (const el of template.elements) {
      const r = resolved.get(el)!;
      if (r.foreign) continue;
      const parent = el.parent && resolved.get(el.parent);
      if (r.misplaced) {
        const parents = [...new Set(elementInfos(r.name).flatMap((e) => e.parents))];
        report({
          code: 'misplaced-child-element',
          message: `<${el.tag}> may only appear as a direct child of ${parents.map((p) => `<${p}>`).join(', ')}; here PrairieLearn ignores it.`,
          start: el.nameStart,
          end: el.nameEnd,
        });
      }
      if (parent?.info?.childrenOnly && !parent.info.children.includes(r.name)) {
        report({
          code: 'unexpected-child-element',
          message: `Unexpected child <${el.tag}> in <${el.parent!.tag}>. Expected: ${parent.info.children.map((c) => `<${c}>`).join(', ')}.`,
          start: el.nameStart,
          end: el.nameEnd,
        });
      }
    }
  },
};
