import {
  attributeDefault, attributeDescription, elementDescription, elementInfos, topLevelTags, type ElementInfo,
  type ValueType,
} from '../questionHtml';

/** What the tools say about one element. */
export interface ElementFacts {
  name: string;
  description: string;
  category: string;
  deprecated: string | null;
  /** The key of data["correct_answers"] it reads, when it is an input. */
  answerKey: string | null;
  attributes: { name: string; required: boolean; type: string; default?: string; description?: string; deprecated?: string }[];
  children: string[];
  /** Parents, for child tags. */
  parents: string[];
  example: string;
}

function typeName(type: ValueType | undefined): string {
  if (type === undefined) return 'string';
  return Array.isArray(type) ? type.map((v) => JSON.stringify(v)).join(' | ') : type;
}

/** A value of the attribute's type for the example: what an author would start from. */
function sampleValue(name: string, type: ValueType | undefined): string {
  if (name === 'answers-name') return 'ans';
  if (Array.isArray(type)) return type[0];
  if (type === 'boolean') return 'true';
  if (type === 'integer') return '1';
  if (type === 'float') return '1.0';
  if (name.endsWith('file-name') || name === 'file-names') return 'file.txt';
  if (name === 'params-name') return 'value';
  return 'value';
}

/** A minimal use of the element: its required attributes, and two children when it takes children. */
function exampleOf(info: ElementInfo): string {
  const attrs = info.required.map((a) => ` ${a}="${sampleValue(a, info.attributeValues[a])}"`).join('');
  if (info.answerKey && !info.required.includes('answers-name')) return exampleWith(info, ` answers-name="ans"${attrs}`);
  return exampleWith(info, attrs);
}

function exampleWith(info: ElementInfo, attrs: string): string {
  const child = info.children.find((c) => c === 'pl-answer') ?? info.children[0];
  if (child) {
    const childInfo = elementInfos(child).find((e) => e.parents.includes(info.name));
    const childAttrs = (childInfo?.required ?? []).map((a) => ` ${a}="${sampleValue(a, childInfo?.attributeValues[a])}"`).join('');
    const correct = child === 'pl-answer' && info.name !== 'pl-order-blocks' ? [' correct="true"', ' correct="false"'] : ['', ''];
    return `<${info.name}${attrs}>\n  <${child}${childAttrs}${correct[0]}>first</${child}>\n  <${child}${childAttrs}${correct[1]}>second</${child}>\n</${info.name}>`;
  }
  return info.contentModel === 'none' ? `<${info.name}${attrs}></${info.name}>` : `<${info.name}${attrs}>…</${info.name}>`;
}

export function elementFacts(info: ElementInfo): ElementFacts {
  const attributes = [...info.required.map((a) => [a, true] as const), ...info.optional.map((a) => [a, false] as const)].map(([name, required]) => {
    const def = attributeDefault(info.name, name);
    const description = attributeDescription(info.name, name);
    const deprecated = info.deprecatedAttributes[name];
    return { name, required, type: typeName(info.attributeValues[name]), ...(def !== undefined && { default: def }), ...(description && { description }), ...(deprecated && { deprecated }) };
  });
  return {
    name: info.name,
    description: elementDescription(info.name) ?? '',
    category: info.category,
    deprecated: info.deprecated,
    answerKey: info.answerKey,
    attributes,
    children: info.children,
    parents: info.parents,
    example: exampleOf(info),
  };
}

/** The element (the top-level one when a name is also a child tag), or undefined. */
export function findElement(name: string): ElementInfo | undefined {
  const infos = elementInfos(name.trim().toLowerCase().replace(/^<|>$/g, ''));
  return infos.find((e) => e.kind !== 'child') ?? infos[0];
}

/** Every element a question.html may use anywhere, with its one-line description. */
export function elementList(): { name: string; category: string; description: string; deprecated: boolean }[] {
  return topLevelTags()
    .map((e) => ({ name: e.name, category: e.category, description: elementDescription(e.name) ?? '', deprecated: e.deprecated !== null }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function elementFactsText(f: ElementFacts): string {
  const lines = [`<${f.name}> (${f.category})${f.deprecated ? ` DEPRECATED: ${f.deprecated}` : ''}: ${f.description}`];
  if (f.answerKey) lines.push(`Input: grades against data["correct_answers"][answers-name].`);
  if (f.parents.length > 0) lines.push(`Inside: ${f.parents.join(', ')}`);
  lines.push('Attributes:');
  for (const a of f.attributes) {
    lines.push(`- ${a.name}${a.required ? ' (required)' : ''}: ${a.type}${a.default !== undefined ? `, default ${a.default}` : ''}${a.description ? ` — ${a.description}` : ''}${a.deprecated ? ` [deprecated: ${a.deprecated}]` : ''}`);
  }
  if (f.attributes.length === 0) lines.push('(none)');
  if (f.children.length > 0) lines.push(`Children: ${f.children.join(', ')}`);
  lines.push('Example:', f.example);
  return lines.join('\n');
}
