import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { copyFixtureCourse, LspClient } from './lspClient';

// A client may send a position computed from a text it no longer has. vscode-json-languageservice
// uses a completion's position, unchecked, as the end of the range it replaces, and threw
// "Range#create called with invalid arguments" on one below 0 or past 2^31; the server clamps it.
let root: string;
let client: LspClient;
before(async () => {
  root = copyFixtureCourse();
  client = await LspClient.start([root]);
});
after(async () => {
  await client.stop();
});

test('completion and hover at a position outside the document answer as at the nearest place in it', async () => {
  const file = path.join(root, 'questions/addNumbers/info.json');
  await client.open(file);
  for (const position of [{ line: 1, character: -1 }, { line: -1, character: 0 }, { line: 1, character: 2 ** 31 }, { line: 10 ** 6, character: 0 }]) {
    const list = await client.completionList(file, position);
    assert.ok(list && Array.isArray(list.items), JSON.stringify(position));
    await client.hover(file, position);
  }
  assert.deepEqual(client.log.filter((line) => /failed/.test(line)), []);
  assert.ok(client.alive);
});
