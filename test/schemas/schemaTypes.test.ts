// The info files' TypeScript types are made from their schemas (schemas/schemaTypes.mjs, run by build.mjs):
// the committed server/lib/course/schemaTypes.ts must be what the schemas make now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

test('server/lib/course/schemaTypes.ts is what schemas/*.json make (run node build.mjs after a schema edit)', async () => {
  const { schemaTypesSource } = await import(path.join(ROOT, 'schemas/schemaTypes.mjs'));
  assert.equal(readFileSync(path.join(ROOT, 'server/lib/course/schemaTypes.ts'), 'utf8'), schemaTypesSource(path.join(ROOT, 'schemas')));
});

test('the types follow the schemas: required and optional properties, enums, arrays, definitions, closed objects', async () => {
  const text = readFileSync(path.join(ROOT, 'server/lib/course/schemaTypes.ts'), 'utf8');
  const question = text.slice(text.indexOf('export type InfoQuestionData = {'));
  assert.match(question, /\n {2}uuid: InfoQuestionUuid;/, 'required');
  assert.match(question, /\n {2}authors\?: InfoQuestionAuthor\[\];/, 'optional, an array of a definition');
  assert.match(question, /\n {2}gradingMethod\?: "Internal" \| "External" \| "Manual";/, 'an enum');
  assert.doesNotMatch(question.slice(0, question.indexOf('\n}')), /\n {2}\[key: string\]/, 'additionalProperties: false');
});
