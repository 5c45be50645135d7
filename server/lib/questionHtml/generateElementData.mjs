// Regenerates the "elements" section of elementData.json from a list of PrairieLearn's elements
// (a JSON array, one object per element or child tag: name, kind, category, attributes with types,
// defaults and allowed values, children, and how the element validates its attributes), gathered
// from PrairieLearn's element code and docs:
//   node server/lib/questionHtml/generateElementData.mjs path/to/elements.json
// The "descriptions", "defaults", "files", "folders" and "replacements" sections of elementData.json are written by hand (our own
// words, for hover and completion) and are kept as they are; only "elements" is regenerated.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const source = process.argv[2];
if (!source) {
  console.error('usage: node server/lib/questionHtml/generateElementData.mjs path/to/elements.json');
  process.exit(2);
}
const target = join(here, 'elementData.json');
const facts = JSON.parse(readFileSync(source, 'utf8'));
const previous = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};

/**
 * How PrairieLearn reacts to an attribute it does not know: 'error' when the element's code checks
 * its attribute list (check_attribs or a strict schema), 'warning' when the list is open (element
 * extensions and drawing objects can add attributes), 'none' when nothing checks it.
 */
function attributeCheck(entry) {
  const method = entry.validation?.method ?? 'none';
  if (method === 'none' || method.startsWith('manual')) return 'none';
  if (entry.category === 'drawing-object' || method.includes('extensions') || method.includes('drawing registry')) return 'warning';
  if (method.includes('object named by type')) return 'none';
  return 'error';
}

const elements = facts.map((e) => ({
  name: e.name,
  kind: e.kind,
  category: e.category,
  answerKey: e.answerKey,
  // Elements whose answer name PrairieLearn checks for duplicates (answers-name, or the
  // file-name that shares its namespace).
  uniqueAnswerName: Boolean(e.answersNameUniqueness && !e.answersNameUniqueness.startsWith('none') && !e.answersNameUniqueness.includes('_required_file_names')),
  required: e.required,
  optional: e.optional,
  attributeValues: e.attributeValues,
  requiredWhen: e.requiredWhen,
  children: e.children,
  parents: e.parents,
  childrenOnly: e.childrenOnly,
  contentModel: e.contentModel,
  deprecated: e.deprecated || null,
  deprecatedAttributes: e.deprecatedAttributes,
  deprecatedValues: e.deprecatedValues,
  aliases: e.aliases,
  attributeCheck: attributeCheck(e),
  // Values named only by the docs are not checked by the element code.
  documentedOnly: e.notes.filter((n) => /documented/.test(n)).map((n) => n.split(/\s/)[0]),
  docs: e.docs,
}));

const out = {
  $comment: previous.$comment,
  elements,
  descriptions: previous.descriptions ?? { elements: {}, attributes: {} },
  defaults: previous.defaults ?? {},
  files: previous.files ?? [],
  folders: previous.folders ?? {},
  replacements: previous.replacements ?? {},
};
writeFileSync(target, JSON.stringify(out, null, 1) + '\n');
console.log(`wrote ${elements.length} entries to ${target}`);
