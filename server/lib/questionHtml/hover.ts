import { attributeDefault, attributeDescription, canonicalAttribute, canonicalTag, elementDescription, elementInfo, type ElementInfo, fileAttributeSpec } from './elements';
import { parentName, tagAt, typeText } from './completion';
import { parseTemplate } from './template';
import type { QuestionContext } from './questionContext';

export interface HoverInfo {
  markdown: string;
  start: number;
  end: number;
}

/** What the element or attribute under the cursor is: meaning, type, default, deprecation. */
export function hoverAt(text: string, offset: number, context: QuestionContext = {}): HoverInfo | undefined {
  const template = parseTemplate(text);
  const el = tagAt(template, offset);
  if (!el) return undefined;
  const parent = parentName(el);
  const name = canonicalTag(el.tag, parent);
  if (context.courseElements?.has(name)) {
    return offset <= el.nameEnd ? { markdown: `**${tagCode(name)}**: an element of this course (elements/${name}/).`, start: el.nameStart, end: el.nameEnd } : undefined;
  }
  const info = elementInfo(name, parent);
  if (!info) return undefined;
  if (offset >= el.nameStart && offset <= el.nameEnd) return { markdown: describeElement(info), start: el.nameStart, end: el.nameEnd };
  const attr = el.attributes.find((a) => offset >= a.nameStart && offset <= a.nameEnd);
  if (!attr) return undefined;
  const markdown = describeAttribute(info, canonicalAttribute(attr.name));
  return markdown ? { markdown, start: attr.nameStart, end: attr.nameEnd } : undefined;
}

/**
 * Tag names go in code spans and `<` in free text is escaped: VS Code renders hovers as Markdown,
 * where a bare `<pl-string-input>` is an HTML tag and disappears.
 */
const tagCode = (name: string) => `\`<${name}>\``;
const escapeText = (text: string) => text.replace(/[<>]/g, (c) => `\\${c}`);

function describeElement(info: ElementInfo): string {
  const lines = [`**${tagCode(info.name)}**${info.kind === 'child' ? ` (inside ${info.parents.map(tagCode).join(', ')})` : ` (${info.category})`}`];
  const description = elementDescription(info.name);
  if (description) lines.push(escapeText(description));
  if (info.deprecated) lines.push(`**Deprecated.** ${escapeText(info.deprecated)}`);
  if (info.required.length) lines.push(`Required: ${info.required.map((a) => `\`${a}\``).join(', ')}.`);
  if (info.children.length) lines.push(`Children: ${info.children.map(tagCode).join(', ')}${info.childrenOnly ? ' only' : ''}.`);
  if (info.answerKey === 'answers-name') lines.push('Its `answers-name` must be unique in the question.');
  if (info.docs) lines.push(`[PrairieLearn docs](https://prairielearn.readthedocs.io/en/latest/${info.docs.replace(/^docs\//, '').replace(/\.md$/, '/')})`);
  return lines.join('\n\n');
}

function describeAttribute(info: ElementInfo, name: string): string | undefined {
  const known = info.required.includes(name) || info.optional.includes(name);
  if (!known) return undefined;
  const type = info.attributeValues[name];
  const lines = [`**${name}** on ${tagCode(info.name)}: ${escapeText(typeText(type))}${info.required.includes(name) ? ', required' : ''}`];
  const description = attributeDescription(info.name, name);
  if (description) lines.push(escapeText(description));
  const def = attributeDefault(info.name, name);
  if (def !== undefined) lines.push(`Default: \`${def}\`.`);
  if (type === 'boolean') lines.push('Booleans: `true`/`false` (also t/f, 1/0, yes/no, in any of PrairieLearn\'s spellings).');
  const spec = fileAttributeSpec(info.name, name);
  if (spec) lines.push(`Names a course file, looked up in ${spec.folder === 'question' ? 'the question folder' : spec.folder}${spec.directory ? ' (or the folder `directory` names)' : ''}.`);
  const deprecated = info.deprecatedAttributes[name];
  if (deprecated) lines.push(`**Deprecated.** ${escapeText(deprecated)}`);
  const values = info.deprecatedValues[name];
  if (values) for (const [v, hint] of Object.entries(values)) lines.push(`Value \`${v}\` is deprecated: ${escapeText(hint)}`);
  return lines.join('\n\n');
}
