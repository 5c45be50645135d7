import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, copyFixtureCourse, cursor, type Diagnostic, LspClient, uriOf } from './lspClient';

let root: string;
let client: LspClient;
const question = () => path.join(root, 'questions/addNumbers/info.json');
const homework = () => path.join(root, 'courseInstances/Sp26/assessments/hw1/infoAssessment.json');
const hasCode = (code: string) => (d: Diagnostic[]) => d.some((x) => x.code === code);

before(async () => {
  root = copyFixtureCourse();
  client = await LspClient.start([root]);
});

after(async () => {
  await client.stop();
});

/** Opens `file` with `textWithCursor` (minus its `|`) and asks for completion at the `|`. */
async function completeAt(file: string, textWithCursor: string) {
  const { text, position } = cursor(textWithCursor);
  await client.open(file, text);
  const items = await client.completion(file, position);
  return { items, labels: items.map((i) => i.label), text };
}

test('QIDs complete in zone questions and alternatives, with titles, without drafts', async () => {
  const original = fs.readFileSync(homework(), 'utf8');
  const { items, labels, text } = await completeAt(homework(), original.replace('"addNumbers"', '"add|"'));
  assert.deepEqual(labels.slice(0, 3), ['addNumbers', 'geometry/triangleArea', 'template/numberInput'], 'templates last');
  assert.ok(!labels.some((l) => l.startsWith('__drafts__/')), 'drafts cannot be used in assessments');
  assert.equal(items[0].detail, 'Add two numbers');
  assert.equal(items[2].detail, 'template question: Number input starter');
  const edit = items[1].textEdit as { range: any; newText: string };
  assert.equal(applyEdits(text, [edit]), original.replace('"addNumbers"', '"geometry/triangleArea"'));

  const alt = await completeAt(homework(), original.replace('"id": "geometry/triangleArea"', '"id": |'));
  assert.ok(alt.labels.includes('addNumbers'));
  await client.close(homework());
});

test('a client that takes a default edit range gets one for the whole list, and the same edits', async () => {
  const vscodeLike = await LspClient.start([root], undefined, undefined, ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data']);
  try {
    const original = fs.readFileSync(homework(), 'utf8');
    const { text, position } = cursor(original.replace('"addNumbers"', '"add|"'));
    await vscodeLike.open(homework(), text);
    const list = (await vscodeLike.completionList(homework(), position))!;
    const range = (list.itemDefaults?.editRange as { start: unknown; end: unknown } | undefined)!;
    assert.ok(range, 'itemDefaults.editRange');
    const item = list.items.find((i) => i.label === 'geometry/triangleArea')!;
    assert.equal(item.textEdit, undefined);
    assert.equal(applyEdits(text, [{ range: range as any, newText: item.textEditText! }]), original.replace('"addNumbers"', '"geometry/triangleArea"'));
  } finally {
    await vscodeLike.stop();
  }
});

test('topics, tags and sharing sets come from infoCourse.json; tags already listed are left out', async () => {
  const original = fs.readFileSync(question(), 'utf8');
  const topic = await completeAt(question(), original.replace('"Arithmetic"', '"|"'));
  assert.deepEqual(topic.labels.slice(0, 2), ['Arithmetic', 'Geometry']);
  assert.equal(topic.items[0].detail, 'Adding and subtracting');

  const tags = await completeAt(question(), original.replace('["easy"]', '["easy", "|"]'));
  assert.ok(tags.labels.includes('hard'));
  assert.ok(tags.labels.includes('secret'), 'built-in tags are offered');
  assert.ok(!tags.labels.includes('easy'), 'a tag already in the list is not offered again');

  const info = path.join(root, 'infoCourse.json');
  fs.writeFileSync(info, fs.readFileSync(info, 'utf8').replace('"tags"', '"sharingSets": [{ "name": "python-exercises" }],\n  "tags"'));
  await client.filesChanged([info, 2]);
  const sets = await completeAt(question(), original.replace('"type": "v3"', '"type": "v3", "sharingSets": [|]'));
  assert.equal(sets.labels[0], 'python-exercises');
  await client.close(question());
});

test('assessment set and module offer declared and built-in names', async () => {
  const original = fs.readFileSync(homework(), 'utf8');
  const set = await completeAt(homework(), original.replace('"set": "Homework"', '"set": "|"'));
  assert.deepEqual(set.labels.slice(0, 2), ['Lab', 'Homework']);
  const mod = await completeAt(homework(), original.replace('"module": "Basics"', '"module": |'));
  assert.deepEqual(mod.labels.slice(0, 2), ['Basics', 'Default']);
  await client.close(homework());
});

test('dependency paths complete from clientFilesQuestion/ and clientFilesCourse/, matching files first', async () => {
  const original = fs.readFileSync(question(), 'utf8');
  const own = await completeAt(question(), original.replace('["helper.js"]', '["|"]'));
  assert.deepEqual(own.labels.slice(0, 2), ['helper.js', 'extra.css']);
  const course = await completeAt(question(), original.replace('["lib/course.css"]', '["lib/|"]'));
  assert.deepEqual(course.labels.slice(0, 2), ['lib/course.css', 'lib/plot.js']);
  await client.close(question());
});

test('property names complete from the schema chosen by file kind', async () => {
  const original = fs.readFileSync(question(), 'utf8');
  const { labels } = await completeAt(question(), original.replace('"type": "v3",', '"type": "v3",\n  |'));
  assert.ok(labels.includes('singleVariant'));
  assert.ok(labels.includes('partialCredit'));
  assert.ok(!labels.includes('zones'), 'assessment properties are not offered in a question');
  await client.close(question());
});

test('hover gives the schema description and how a setting behaves on Homework and Exam', async () => {
  const file = path.join(root, 'questions/geometry/triangleArea/info.json');
  const { text, position } = cursor(fs.readFileSync(file, 'utf8').replace('"singleVariant"', '"single|Variant"'));
  await client.open(file, text);
  const shown = await client.hover(file, position);
  assert.match(shown, /not randomized/, 'the schema description');
  assert.match(shown, /\*\*Homework\*\*.*\*\*Exam\*\*/s, 'the seed behaviour by assessment type');
  await client.close(file);

  const qid = cursor(fs.readFileSync(homework(), 'utf8').replace('"addNumbers"', '"add|Numbers"'));
  await client.open(homework(), qid.text);
  assert.match(await client.hover(homework(), qid.position), /Add two numbers/);
  const template = cursor(fs.readFileSync(homework(), 'utf8').replace('"addNumbers"', '"template/number|Input"'));
  await client.change(homework(), template.text);
  assert.match(await client.hover(homework(), template.position), /Number input starter[\s\S]*starting points when an instructor creates a new question/);
  await client.close(homework());
});

test('go to definition: a QID to its info.json, a dependency to its file, a topic to its declaration', async () => {
  const qid = cursor(fs.readFileSync(homework(), 'utf8').replace('"geometry/triangleArea" }', '"geometry/triangle|Area" }'));
  await client.open(homework(), qid.text);
  const [toQuestion] = await client.definition(homework(), qid.position);
  assert.equal(toQuestion.targetUri, uriOf(path.join(root, 'questions/geometry/triangleArea/info.json')));
  await client.close(homework());

  const original = fs.readFileSync(question(), 'utf8');
  const dep = cursor(original.replace('"helper.js"', '"help|er.js"'));
  await client.open(question(), dep.text);
  const [toFile] = await client.definition(question(), dep.position);
  assert.equal(toFile.targetUri, uriOf(path.join(root, 'questions/addNumbers/clientFilesQuestion/helper.js')));

  const topic = cursor(original.replace('"Arithmetic"', '"Arith|metic"'));
  await client.change(question(), topic.text);
  const [toTopic] = await client.definition(question(), topic.position);
  assert.equal(toTopic.targetUri, uriOf(path.join(root, 'infoCourse.json')));
  const infoLines = fs.readFileSync(path.join(root, 'infoCourse.json'), 'utf8').split('\n');
  assert.match(infoLines[toTopic.targetRange.start.line], /"name": "Arithmetic"/);
  await client.close(question());
});

test('document links cover QIDs and dependency files that exist', async () => {
  await client.open(question());
  const links = await client.links(question());
  assert.deepEqual(
    links.map((l) => l.target),
    [uriOf(path.join(root, 'questions/addNumbers/clientFilesQuestion/helper.js')), uriOf(path.join(root, 'clientFilesCourse/lib/course.css'))],
  );
  await client.close(question());
  const text = fs.readFileSync(homework(), 'utf8').replace('"addNumbers"', '"noSuchQuestion"');
  await client.open(homework(), text);
  const qidLinks = await client.links(homework());
  assert.equal(qidLinks.length, 1, 'a QID with no question gets no link');
  const line = text.split('\n')[qidLinks[0].range.start.line];
  assert.equal(line.slice(qidLinks[0].range.start.character, qidLinks[0].range.end.character), 'geometry/triangleArea');
  await client.close(homework());
});

test('quick fix: a new UUID replaces a bad one or is inserted when missing', async () => {
  const original = fs.readFileSync(question(), 'utf8');
  const bad = original.replace('0b6a3f2e-1c4d-4e5f-9a8b-7c6d5e4f3a2b', 'not-a-uuid');
  await client.open(question(), bad);
  const invalid = await client.waitForDiagnostics(question(), hasCode('uuid-invalid'));
  const [fix] = await client.codeActions(question(), invalid);
  assert.equal(fix.title, 'Generate a new UUID');
  const fixed = applyEdits(bad, fix.edit!.changes![uriOf(question())]);
  const uuid = JSON.parse(fixed).uuid;
  assert.match(uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(uuid, '0b6a3f2e-1c4d-4e5f-9a8b-7c6d5e4f3a2b');

  const missing = original.replace(/\s*"uuid": "[^"]*",/, '');
  await client.change(question(), missing);
  const noUuid = await client.waitForDiagnostics(question(), hasCode('uuid-missing'));
  const [insert] = await client.codeActions(question(), noUuid);
  const inserted = applyEdits(missing, insert.edit!.changes![uriOf(question())]);
  assert.deepEqual(Object.keys(JSON.parse(inserted))[0], 'uuid');
  await client.change(question(), inserted);
  await client.nextDiagnostics(question(), (d) => d.length === 0);
  await client.close(question());
});

test('quick fix: a duplicate UUID gets a fresh one', async () => {
  const file = path.join(root, 'questions/geometry/triangleArea/info.json');
  const copy = fs.readFileSync(file, 'utf8').replace(/"uuid": "[^"]*"/, '"uuid": "0b6a3f2e-1c4d-4e5f-9a8b-7c6d5e4f3a2b"');
  await client.open(file, copy);
  const dup = await client.waitForDiagnostics(file, hasCode('duplicate-uuid'));
  const [fix] = await client.codeActions(file, dup.filter((d) => d.code === 'duplicate-uuid'));
  await client.change(file, applyEdits(copy, fix.edit!.changes![uriOf(file)]));
  await client.nextDiagnostics(file, (d) => !hasCode('duplicate-uuid')(d));
  await client.close(file);
});

test('quick fix: declaring an undeclared topic edits infoCourse.json so the note goes away', async () => {
  const info = path.join(root, 'infoCourse.json');
  const original = fs.readFileSync(question(), 'utf8');
  await client.open(question(), original.replace('"Arithmetic"', '"Probability"'));
  const notes = await client.waitForDiagnostics(question(), hasCode('undeclared-topic'));
  const [fix] = await client.codeActions(question(), notes);
  assert.equal(fix.title, 'Declare "Probability" in topics of infoCourse.json');
  const edits = fix.edit!.changes![uriOf(info)];
  const declared = applyEdits(fs.readFileSync(info, 'utf8'), edits);
  const topic = JSON.parse(declared).topics.find((t: { name: string }) => t.name === 'Probability');
  assert.ok(topic && /^[a-z]+[123]$/.test(topic.color) && !['blue1', 'green1'].includes(topic.color), 'a color not used yet');
  await client.open(info, declared);
  await client.nextDiagnostics(question(), (d) => d.length === 0);
  await client.close(info);
  await client.close(question());
});

test('quick fix: "Declare all" on the note in infoCourse.json declares every undeclared tag in one edit', async () => {
  const info = path.join(root, 'infoCourse.json');
  const original = fs.readFileSync(question(), 'utf8');
  await client.open(question(), original.replace('"tags": ["easy"]', '"tags": ["easy", "newA", "newB"]'));
  // Code actions are asked for in an open file, as VS Code does.
  await client.open(info, fs.readFileSync(info, 'utf8'));
  const notes = (await client.waitForDiagnostics(info, hasCode('undeclared-tags'))).filter((d) => d.code === 'undeclared-tags');
  assert.equal(notes.length, 1);
  assert.equal(notes[0].severity, 3, 'information');
  assert.deepEqual(notes[0].data, { kind: 'tag', names: ['newA', 'newB'] });
  const [fix] = await client.codeActions(info, notes);
  assert.equal(fix.title, 'Declare all 2 in tags of infoCourse.json');
  const edits = fix.edit!.changes![uriOf(info)];
  assert.equal(edits.length, 1, 'one edit');
  const declared = applyEdits(fs.readFileSync(info, 'utf8'), edits);
  const tags = JSON.parse(declared).tags as { name: string; color: string }[];
  const added = tags.filter((t) => t.name === 'newA' || t.name === 'newB');
  assert.equal(added.length, 2);
  assert.notEqual(added[0].color, added[1].color, 'each its own color');
  await client.open(info, declared);
  await client.nextDiagnostics(info, (d) => !hasCode('undeclared-tags')(d));
  await client.close(info);
  await client.close(question());
});

test('enum values complete from the schema; partialCredit hover explains its seed behaviour', async () => {
  const original = fs.readFileSync(question(), 'utf8');
  const { labels } = await completeAt(question(), original.replace('"type": "v3",', '"type": "v3",\n  "gradingMethod": "|",'));
  assert.deepEqual(labels.sort(), ['"External"', '"Internal"', '"Manual"']);
  const hovered = cursor(original.replace('"type": "v3",', '"type": "v3",\n  "partial|Credit": true,'));
  await client.open(question(), hovered.text);
  assert.match(await client.hover(question(), hovered.position), /partial/i);
  await client.close(question());
});

test('quick fix: declaring an undeclared tag edits the tags of infoCourse.json', async () => {
  const info = path.join(root, 'infoCourse.json');
  const original = fs.readFileSync(question(), 'utf8');
  await client.open(question(), original.replace('"tags": ["easy"]', '"tags": ["easy", "brandNewTag"]'));
  const notes = (await client.waitForDiagnostics(question(), hasCode('undeclared-tag'))).filter((d) => d.code === 'undeclared-tag');
  const [fix] = await client.codeActions(question(), notes);
  assert.equal(fix.title, 'Declare "brandNewTag" in tags of infoCourse.json');
  const declared = applyEdits(fs.readFileSync(info, 'utf8'), fix.edit!.changes![uriOf(info)]);
  assert.ok(JSON.parse(declared).tags.some((t: { name: string }) => t.name === 'brandNewTag'));
  await client.close(question());
});

test('topic completion offers the topics the course uses without declaring them, after the declared ones', async () => {
  const extra = path.join(root, 'questions/undeclaredTopic');
  fs.mkdirSync(extra, { recursive: true });
  const infoJson = path.join(extra, 'info.json');
  fs.writeFileSync(infoJson, JSON.stringify({ uuid: 'f0e1d2c3-b4a5-4697-8879-6a5b4c3d2e1f', title: 'Undeclared topic', topic: 'Probability', type: 'v3' }));
  await client.filesChanged([infoJson, 1]);
  try {
    const original = fs.readFileSync(question(), 'utf8');
    const topic = await completeAt(question(), original.replace('"Arithmetic"', '"|"'));
    assert.deepEqual(topic.labels.slice(0, 2), ['Arithmetic', 'Geometry'], 'declared first');
    const at = topic.labels.indexOf('Probability');
    assert.ok(at >= 2, `the undeclared topic is offered after the declared ones: ${topic.labels.join(', ')}`);
    assert.equal(topic.items[at].detail, 'used in 1 file, not declared in infoCourse.json');
    // What is being typed is not offered back as a "used" name.
    const typing = await completeAt(question(), original.replace('"Arithmetic"', '"Algeb|"'));
    assert.ok(!typing.labels.includes('Algeb'));
    await client.close(question());
  } finally {
    fs.rmSync(extra, { recursive: true, force: true });
    await client.filesChanged([infoJson, 3]);
  }
});
