// findPython: the first Python that imports numpy and lxml, skipping ones that do not start or lack them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findPython } from '../../../server/lib/runtime';

test('a configured Python that does not exist is skipped for one that works', async () => {
  const found = await findPython('/no/such/python3');
  assert.equal(found.ok, true, found.ok ? '' : found.message);
  if (found.ok) {
    assert.notEqual(found.python, '/no/such/python3');
    assert.match(found.version, /^3\.\d+/);
  }
});

test('a configured interpreter that is not Python at all is skipped too', async () => {
  const found = await findPython(process.execPath);
  assert.equal(found.ok, true);
  if (found.ok) assert.notEqual(found.python, process.execPath);
});
