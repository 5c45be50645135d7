// The protocol-free pieces behind the quick fixes, on the file layouts authors actually write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declareNameEdit, declareNamesEdit } from '../../../server/lib/course/features/declareName';
import { uuidEdit } from '../../../server/lib/course/features/newUuid';
import type { OffsetEdit } from '../../../server/lib/course/features/textEdits';
import { valueContextAt } from '../../../server/lib/course/features/valueContext';

const UUID = '11111111-2222-4333-8444-555555555555';
const apply = (text: string, e: OffsetEdit) => text.slice(0, e.start) + e.newText + text.slice(e.end);

test('declaring a name follows one-line items and picks an unused color', () => {
  const text = '{\n  "name": "X",\n  "topics": [\n    { "name": "A", "color": "red1" }\n  ]\n}\n';
  const out = apply(text, declareNameEdit(text, 'topic', 'B')!);
  assert.equal(out, '{\n  "name": "X",\n  "topics": [\n    { "name": "A", "color": "red1" },\n    { "name": "B", "color": "red2" }\n  ]\n}\n');
});

test('declaring a name follows items spread over lines, with CRLF and tabs', () => {
  const text = '{\r\n\t"tags": [\r\n\t\t{\r\n\t\t\t"name": "a",\r\n\t\t\t"color": "red1"\r\n\t\t}\r\n\t]\r\n}';
  const out = apply(text, declareNameEdit(text, 'tag', 'b')!);
  assert.equal(out, '{\r\n\t"tags": [\r\n\t\t{\r\n\t\t\t"name": "a",\r\n\t\t\t"color": "red1"\r\n\t\t},\r\n\t\t{\r\n\t\t\t"name": "b",\r\n\t\t\t"color": "red2"\r\n\t\t}\r\n\t]\r\n}');
});

test('declaring a name fills an empty list or adds the list', () => {
  const empty = '{\n  "topics": []\n}';
  assert.deepEqual(JSON.parse(apply(empty, declareNameEdit(empty, 'topic', 'T')!)).topics, [{ name: 'T', color: 'red1' }]);
  const none = '{\n  "name": "X",\n  "topics": []\n}';
  const out = apply(none, declareNameEdit(none, 'sharingSet', 'S')!);
  assert.deepEqual(JSON.parse(out).sharingSets, [{ name: 'S' }]);
  assert.equal(out, '{\n  "name": "X",\n  "topics": [],\n  "sharingSets": [\n    { "name": "S" }\n  ]\n}');
  const set = JSON.parse(apply(none, declareNameEdit(none, 'assessmentSet', 'Lab')!)).assessmentSets[0];
  assert.deepEqual(set, { abbreviation: 'Lab', name: 'Lab', heading: 'Lab', color: 'red1' });
  assert.equal(declareNameEdit('[1]', 'tag', 'x'), undefined, 'nothing to edit safely');
  assert.equal(declareNameEdit('{"tags": 3}', 'tag', 'x'), undefined);
});

test('declaring several names is one edit, each with its own color, in every layout', () => {
  const text = '{\n  "name": "X",\n  "topics": [\n    { "name": "A", "color": "red1" }\n  ]\n}\n';
  assert.equal(
    apply(text, declareNamesEdit(text, 'topic', ['B', 'C'])!),
    '{\n  "name": "X",\n  "topics": [\n    { "name": "A", "color": "red1" },\n    { "name": "B", "color": "red2" },\n    { "name": "C", "color": "red3" }\n  ]\n}\n',
  );
  const empty = '{\n  "topics": []\n}';
  assert.equal(apply(empty, declareNamesEdit(empty, 'topic', ['T', 'U'])!), '{\n  "topics": [\n    { "name": "T", "color": "red1" },\n    { "name": "U", "color": "red2" }\n  ]\n}');
  const none = '{\n  "topics": []\n}';
  assert.equal(
    apply(none, declareNamesEdit(none, 'assessmentModule', ['Week 1', 'Week 2'])!),
    '{\n  "topics": [],\n  "assessmentModules": [\n    { "name": "Week 1", "heading": "Week 1" },\n    { "name": "Week 2", "heading": "Week 2" }\n  ]\n}',
  );
  assert.equal(declareNamesEdit(none, 'tag', []), undefined, 'nothing to declare');
});

test('a UUID replaces the existing value or becomes the first property', () => {
  assert.equal(apply('{\n  "uuid": "bad",\n  "title": "T"\n}', uuidEdit('{\n  "uuid": "bad",\n  "title": "T"\n}', UUID)), `{\n  "uuid": "${UUID}",\n  "title": "T"\n}`);
  assert.equal(apply('{\n  "title": "T"\n}', uuidEdit('{\n  "title": "T"\n}', UUID)), `{\n  "uuid": "${UUID}",\n  "title": "T"\n}`);
  assert.equal(apply('{}', uuidEdit('{}', UUID)), `{\n  "uuid": "${UUID}"\n}`);
  assert.equal(apply('', uuidEdit('', UUID)), `{\n  "uuid": "${UUID}"\n}\n`);
  const broken = '{\r\n    "title": "T",,\r\n}';
  assert.equal(apply(broken, uuidEdit(broken, UUID)), `{\r\n    "uuid": "${UUID}",\r\n    "title": "T",,\r\n}`);
});

test('the value context is the string under the cursor, or an empty spot where a value goes', () => {
  const text = '{"tags": ["a", "bc"], "topic": }';
  assert.deepEqual(valueContextAt(text, text.indexOf('bc') + 1), { path: ['tags', 1], replace: { start: 15, end: 19 }, value: 'bc' });
  const gap = text.indexOf('}') - 1;
  assert.deepEqual(valueContextAt(text, gap), { path: ['topic'], replace: { start: gap, end: gap } });
  assert.equal(valueContextAt(text, 3), undefined, 'a property name is not a value');
});
