import data from './elementData.json';
import { canonicalAttribute, canonicalTag, isBooleanSpelling, TRUE_SPELLINGS, findAttribute } from './elements';
import { parseTemplate, type Element } from './template';
import { keepsBooleanForm } from './rules/deprecated';

export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

export interface QuickFix {
  title: string;
  edits: OffsetEdit[];
}

interface Replacements {
  elements: Record<string, string>;
  attributes: Record<string, { rename?: string; values?: Record<string, string> }>;
  values: Record<string, Record<string, string>>;
}
const REPLACEMENTS = data.replacements as Replacements;

/** The fix for a diagnostic at [start, end) of `text`, given its code and data; undefined when there is none. */
export function quickFix(text: string, code: string, start: number, diagnosticData: Record<string, unknown> | undefined): QuickFix | undefined {
  if ((code === 'duplicate-answers-name' || code === 'duplicate-answers-name-in-sections' || code === 'shared-answers-name') && typeof diagnosticData?.suggestion === 'string') {
    const value = text.slice(start).split(/["'\s>]/, 1)[0];
    return { title: `Rename to "${diagnosticData.suggestion}"`, edits: [{ start, end: start + value.length, newText: diagnosticData.suggestion }] };
  }
  if (code === 'misspelt-template-namespace' && typeof diagnosticData?.suggestion === 'string') {
    // The "Did you mean params.x?" of the message: only while the name at the diagnostic is still the misspelt one.
    const name = /^[\w.]+/.exec(text.slice(start))?.[0];
    if (!name || name === diagnosticData.suggestion) return undefined;
    return { title: `Change to {{${diagnosticData.suggestion}}}`, edits: [{ start, end: start + name.length, newText: diagnosticData.suggestion }] };
  }
  if ((code === 'unknown-element' || code === 'unknown-attribute' || code === 'unknown-extensible-attribute') && typeof diagnosticData?.suggestion === 'string') {
    const suggestion = diagnosticData.suggestion;
    const el = parseTemplate(text).elements.find((e) => e.start < start && start <= e.startTagEnd);
    if (!el) return undefined;
    if (code === 'unknown-element') {
      if (start !== el.nameStart) return undefined;
      const edits: OffsetEdit[] = [{ start: el.nameStart, end: el.nameEnd, newText: suggestion }];
      if (el.closeStart !== undefined) edits.push({ start: el.closeStart + 2, end: el.closeStart + 2 + el.tag.length, newText: suggestion });
      return { title: `Change to <${suggestion}>`, edits };
    }
    const attr = el.attributes.find((a) => a.nameStart === start);
    // Never a second attribute of the same name.
    if (!attr || findAttribute(el, suggestion)) return undefined;
    return { title: `Change to "${suggestion}"`, edits: [{ start: attr.nameStart, end: attr.nameEnd, newText: suggestion }] };
  }
  if (code === 'html-backslash-void-tag') {
    const m = /^<([A-Za-z]+)\\>?/.exec(text.slice(start, start + 20));
    return m ? { title: `Replace with <${m[1]}>`, edits: [{ start, end: start + m[0].length, newText: `<${m[1]}>` }] } : undefined;
  }
  if (!code.startsWith('deprecated-')) return undefined;
  const template = parseTemplate(text);
  const el = template.elements.find((e) => e.start < start && start <= e.startTagEnd);
  if (!el) return undefined;
  const name = canonicalTag(el.tag);
  if (code === 'deprecated-element') return replaceElement(el, name);
  const attr = el.attributes.find((a) => (start >= a.nameStart && start < a.nameEnd) || (start >= a.valueStart && start <= a.valueEnd));
  if (!attr) return undefined;
  const attrName = canonicalAttribute(attr.name);
  if (code === 'deprecated-attribute-value') {
    if (keepsBooleanForm(el, name, attrName)) return undefined;
    const table = REPLACEMENTS.values[`${name} ${attrName}`];
    const value = attr.value ?? '';
    const key = table?.[value] !== undefined ? value : isBooleanSpelling(value) ? (TRUE_SPELLINGS.includes(value) ? 'true' : 'false') : undefined;
    const successor = key !== undefined ? table?.[key] : undefined;
    if (successor === undefined) return undefined;
    return { title: `Replace with "${successor}"`, edits: [{ start: attr.valueStart, end: attr.valueEnd, newText: successor }] };
  }
  const rule = REPLACEMENTS.attributes[`${name} ${attrName}`];
  if (!rule) return undefined;
  const attrEnd = attr.value === undefined ? attr.nameEnd : attr.valueEnd + (attr.quote ? 1 : 0);
  if (rule.rename) {
    // Giving both the old and the new attribute is an error, so never add the new one twice.
    if (findAttribute(el, rule.rename)) return undefined;
    return { title: `Rename to "${rule.rename}"`, edits: [{ start: attr.nameStart, end: attr.nameEnd, newText: rule.rename }] };
  }
  const value = attr.value ?? '';
  if (!rule.values || !isBooleanSpelling(value) || attr.dynamic) return undefined;
  const replacement = rule.values[TRUE_SPELLINGS.includes(value) ? 'true' : 'false'];
  const successorName = replacement.split('=')[0];
  if (successorName && findAttribute(el, successorName)) return undefined;
  if (!replacement) {
    // The old attribute set to its default: just drop it (with the space before it).
    const from = /\s/.test(text[attr.nameStart - 1]) ? attr.nameStart - 1 : attr.nameStart;
    return { title: `Remove "${attr.name}" (it has the default value)`, edits: [{ start: from, end: attrEnd, newText: '' }] };
  }
  return { title: `Replace with ${replacement}`, edits: [{ start: attr.nameStart, end: attrEnd, newText: replacement }] };
}

function replaceElement(el: Element, name: string): QuickFix | undefined {
  const successor = REPLACEMENTS.elements[name];
  if (!successor) return undefined;
  const edits: OffsetEdit[] = [{ start: el.nameStart, end: el.nameEnd, newText: successor }];
  if (el.closeStart !== undefined) edits.push({ start: el.closeStart + 2, end: el.closeStart + 2 + el.tag.length, newText: successor });
  return { title: `Replace with <${successor}>`, edits };
}
