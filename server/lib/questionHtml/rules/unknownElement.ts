import { extensionNames } from '../questionContext';
import { allEntries, closest, didYouMean } from '../elements';
import type { TemplateRule } from './rule';

const KNOWN = [...new Set(allEntries().map((e) => e.name))];

/**
 * A pl-* tag that is neither PrairieLearn's nor the course's: PrairieLearn leaves it as plain
 * HTML, so the question renders without it (a warning, as it does not reject the question).
 */
export const unknownElement: TemplateRule = {
  name: 'unknownElement',
  needs: 'template',
  codes: { 'unknown-element': { severity: 'warning', description: 'A pl-* tag that is neither a PrairieLearn element nor one of the course\'s elements.' } },
  check({ template, resolved, courseElements }, _context, report) {
    for (const el of template.elements) {
      const r = resolved.get(el)!;
      if (r.info || r.course || !/^pl[-_]/.test(r.name) || el.tag.includes('{{')) continue;
      if (r.foreign) {
        // Inside a course element: its own business. Inside an extended core element: fine when an
        // extension defines the name, else a warning that says where it was looked for.
        if (!r.foreign.extension || extensionNames(courseElements, r.foreign.owner)?.has(r.name)) continue;
        report({
          code: 'unknown-element',
          message: `Unknown element <${el.tag}>: neither <${r.foreign.owner}> nor the course's extensions of it (elementExtensions/${r.foreign.owner}/) are seen to define it.`,
          start: el.nameStart,
          end: el.nameEnd,
          data: { tag: el.tag },
        });
        continue;
      }
      // Inside an element that takes only its own child tags, unexpected-child-element (an error) says it.
      if (el.parent && resolved.get(el.parent)?.info?.childrenOnly) continue;
      report({
        code: 'unknown-element',
        message: `Unknown element <${el.tag}>: it is not a PrairieLearn element nor one in the course's elements/ folder, so it is left as plain HTML.${didYouMean(r.name, [...KNOWN, ...courseElements])}`,
        start: el.nameStart,
        end: el.nameEnd,
        // The name the message suggests, for its quick fix.
        data: { tag: el.tag, suggestion: closest(r.name, [...KNOWN, ...courseElements]) },
      });
    }
  },
};
