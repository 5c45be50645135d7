import type { TemplateProblemKind } from '../template';
import type { TemplateRule } from './rule';

const CODES: Record<TemplateProblemKind, string> = {
  'unclosed-element': 'html-unclosed-element',
  'stray-end-tag': 'html-stray-end-tag',
  'unterminated-tag': 'html-unterminated-tag',
  'unterminated-comment': 'html-unterminated-comment',
  'duplicate-attribute': 'html-duplicate-attribute',
  'backslash-void-tag': 'html-backslash-void-tag',
};

/** Markup that PrairieLearn's HTML parser tolerates but that rarely means what the author wanted: warnings. */
export const htmlStructure: TemplateRule = {
  name: 'htmlStructure',
  needs: 'template',
  codes: {
    'html-unclosed-element': { severity: 'warning', description: 'An element is never closed.' },
    'html-stray-end-tag': { severity: 'warning', description: 'An end tag has no matching start tag.' },
    'html-unterminated-tag': { severity: 'warning', description: 'A tag or attribute value runs to the end of the file.' },
    'html-unterminated-comment': { severity: 'warning', description: 'An HTML comment is never closed.' },
    'html-duplicate-attribute': { severity: 'warning', description: 'An attribute is given twice on one element; only the first counts.' },
    'html-backslash-void-tag': { severity: 'warning', description: 'A void tag written with a backslash before its ">" (br, hr, img...); write it without the backslash.' },
  },
  check({ template }, _context, report) {
    for (const p of template.problems) report({ code: CODES[p.kind], message: p.message, start: p.start, end: p.end });
  },
};
