import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchRecord, formatRecord, parseRecordQuery, recordUriParts, type RecordRef } from '../../client/src/views/records';
import type { PrairieLearnClient } from '../../client/src/api/client';

test('a record URI names the document readably and carries the server and record', () => {
  const ref: RecordRef = { kind: 'submission', ci: '3', id: '900' };
  const { path, query } = recordUriParts('http://127.0.0.1:3000', ref, 'HW1: ada/submission 900');
  assert.equal(path, '/HW1 ada submission 900.json');
  assert.deepEqual(parseRecordQuery(query), { serverUrl: 'http://127.0.0.1:3000', ref });
});

test('queries that are not complete records are refused', () => {
  assert.equal(parseRecordQuery('kind=submission&server=https%3A%2F%2Fx&ci=3'), undefined);
  assert.equal(parseRecordQuery('kind=submission&server=https%3A%2F%2Fx&ci=3&id=..%2F1'), undefined);
  assert.equal(parseRecordQuery('kind=nope&server=https%3A%2F%2Fx&ci=3'), undefined);
  assert.equal(parseRecordQuery('kind=log&ci=3&ai=4'), undefined);
});

test('list members without their own endpoint are picked out of the list', async () => {
  const client = {
    instanceQuestions: async () => [{ instance_question_id: '1' }, { instance_question_id: '2', question_name: 'q2' }],
  } as unknown as PrairieLearnClient;
  assert.deepEqual(await fetchRecord(client, { kind: 'instanceQuestion', ci: '3', ai: '4', id: '2' }), { instance_question_id: '2', question_name: 'q2' });
  await assert.rejects(fetchRecord(client, { kind: 'instanceQuestion', ci: '3', ai: '4', id: '9' }), /no longer on the server/);
});

test('records are pretty-printed JSON', () => {
  assert.equal(formatRecord({ a: [1, 'é'] }), '{\n  "a": [\n    1,\n    "é"\n  ]\n}\n');
});
