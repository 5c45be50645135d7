import { extendedAncestor } from '../analysis';
import { extensionNames } from '../questionContext';
import { acceptedAttributes, attributeNames, canonicalAttribute, closest, didYouMean } from '../elements';
import type { TemplateRule } from './rule';

/**
 * An attribute the element does not take. PrairieLearn's check raises on it (an error); for
 * elements whose attribute list extensions can grow (drawing objects, pl-graph) it is a warning.
 * Underscore spellings (`answers_name`) and any letter case are accepted, as PrairieLearn does.
 */
export const unknownAttribute: TemplateRule = {
  name: 'unknownAttribute',
  needs: 'template',
  codes: {
    'unknown-attribute': { severity: 'error', description: 'An attribute the element does not accept; PrairieLearn rejects the question.' },
    'unknown-extensible-attribute': { severity: 'warning', description: 'An attribute the element does not accept unless a course element extension adds it.' },
  },
  check(analysis, _context, report) {
    const { template, resolved, courseElements } = analysis;
    for (const el of template.elements) {
      const { info, misplaced } = resolved.get(el)!;
      if (misplaced || !info || info.attributeCheck === 'none') continue;
      // The course extends this element (pl-graph) or the one it sits in: its extensions may add the attribute.
      if (info.attributeCheck === 'warning' && (extensionNames(courseElements, info.name) || extendedAncestor(el, analysis))) continue;
      const accepted = acceptedAttributes(info);
      for (const a of el.attributes) {
        if (a.name.includes('{{') || accepted.has(canonicalAttribute(a.name))) continue;
        report({
          code: info.attributeCheck === 'error' ? 'unknown-attribute' : 'unknown-extensible-attribute',
          message: `Unknown attribute "${a.name}" on <${el.tag}>.${didYouMean(canonicalAttribute(a.name), attributeNames(info))}`,
          start: a.nameStart,
          end: a.nameEnd,
          // The name the message suggests, for its quick fix.
          data: { suggestion: closest(canonicalAttribute(a.name), attributeNames(info)) },
        });
      }
    }
  },
};
