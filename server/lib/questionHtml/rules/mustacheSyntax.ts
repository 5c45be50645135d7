import type { TemplateRule } from './rule';

/** Mustache errors make mustache.render throw, so PrairieLearn cannot render the question at all. */
export const mustacheSyntax: TemplateRule = {
  name: 'mustacheSyntax',
  needs: 'template',
  codes: { 'mustache-syntax': { severity: 'error', description: 'A mustache tag or section is not closed or closes the wrong section.' } },
  check({ template }, _context, report) {
    for (const p of template.mustache.problems) report({ code: 'mustache-syntax', message: p.message, start: p.start, end: p.end });
  },
};
