import { findAttribute } from '../elements';
import type { Attribute, Element } from '../template';
import type { TemplateRule } from './rule';
import { relatedOf } from './related';

const EDITORS = new Set(['pl-file-editor', 'pl-rich-text-editor']);
const UPLOAD_LISTS = ['file-names', 'optional-file-names'];

/**
 * Submitted file names must be unique. Two file editors with one name make PrairieLearn raise
 * ("There is more than one file editor with the same file name."); an uploaded name that an
 * editor or another upload also uses is not rejected, but one file overwrites the other.
 */
export const duplicateFileNames: TemplateRule = {
  name: 'duplicateFileNames',
  needs: 'template',
  codes: {
    'duplicate-file-name': { severity: 'error', description: 'Two file editors submit files of the same name.' },
    'overlapping-file-name': { severity: 'warning', description: 'A pl-file-upload name that another file input also submits.' },
  },
  check({ template, resolved }, _context, report) {
    type Use = { el: Element; attr?: Attribute; start: number; end: number; editor: boolean };
    const uses = new Map<string, Use[]>();
    const add = (name: string, use: Use) => {
      const list = uses.get(name);
      if (list) list.push(use);
      else uses.set(name, [use]);
    };
    for (const el of template.elements) {
      const name = resolved.get(el)!.info?.name;
      if (name && EDITORS.has(name)) {
        const attr = findAttribute(el, 'file-name');
        if (attr?.dynamic) continue;
        // pl-rich-text-editor's file name defaults to answer.html.
        const value = attr?.value ?? (name === 'pl-rich-text-editor' ? 'answer.html' : undefined);
        if (value) add(value, { el, attr, start: attr?.valueStart ?? el.nameStart, end: attr?.valueEnd ?? el.nameEnd, editor: true });
      } else if (name === 'pl-file-upload') {
        for (const list of UPLOAD_LISTS) {
          const attr = findAttribute(el, list);
          if (!attr?.value || attr.dynamic) continue;
          let offset = attr.valueStart;
          for (const part of attr.value.split(',')) {
            const trimmed = part.trim();
            const start = offset + part.indexOf(trimmed);
            if (trimmed) add(trimmed, { el, attr, start, end: start + trimmed.length, editor: false });
            offset += part.length + 1;
          }
        }
      }
    }
    for (const [name, list] of uses) {
      if (list.length < 2) continue;
      const editors = list.filter((u) => u.editor).length;
      for (const use of list) {
        const others = relatedOf(list, use, () => true);
        const both = use.editor && editors > 1;
        report({
          code: both ? 'duplicate-file-name' : 'overlapping-file-name',
          message: both
            ? `There is more than one file editor with the same file name ("${name}"). Give each editor its own file-name.`
            : `"${name}" is also submitted by another file input; one file overwrites the other.`,
          start: use.start,
          end: use.end,
          related: others.map((o) => ({ start: o.start, end: o.end, message: `"${name}" is also submitted by this <${o.el.tag}>` })),
        });
      }
    }
  },
};
