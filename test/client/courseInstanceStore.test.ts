import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CourseInstanceStore, type KeyValueStore } from '../../client/src/views/courseInstanceStore';

/** What vscode.Memento keeps: JSON values by key (it stores them as JSON, so a copy is returned). */
class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  get<T>(key: string): T | undefined {
    const raw = this.data.get(key);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.data.delete(key);
    else this.data.set(key, JSON.stringify(value));
  }
}

const A = 'https://us.prairielearn.com';
const B = 'https://ca.prairielearn.com';

test('each server has its own list, in the order added, without repeats', async () => {
  const store = new CourseInstanceStore(new MemoryStore());
  assert.equal(await store.add(A, '3'), true);
  assert.equal(await store.add(A, '5'), true);
  assert.equal(await store.add(A, '3'), false);
  assert.equal(await store.add(B, '3'), true);
  assert.deepEqual(store.ids(A), ['3', '5']);
  assert.deepEqual(store.ids(B), ['3']);
  assert.equal(await store.remove(A, '3'), true);
  assert.equal(await store.remove(A, '3'), false);
  assert.deepEqual(store.ids(A), ['5']);
  assert.deepEqual(store.ids(B), ['3']);
  assert.deepEqual(store.ids('https://other.example'), []);
});

test('the old setting moves in once: ids to the configured server, URLs to their own, bad entries reported', async () => {
  const memory = new MemoryStore();
  const store = new CourseInstanceStore(memory);
  await store.add(A, '5');
  const entries = ['3', 5, `${B}/pl/course_instance/12/instructor/instance_admin/assessments`, 'Fall 2026', '0003'];
  const result = await store.migrateSetting(entries, A);
  assert.deepEqual(result?.moved, new Map([[A, ['3']], [B, ['12']]]));
  assert.deepEqual(result?.invalid, ['Fall 2026']);
  assert.deepEqual(store.ids(A), ['5', '3']);
  assert.deepEqual(store.ids(B), ['12']);

  // Removed afterwards, it stays removed: the setting is not read again.
  await store.remove(A, '3');
  assert.equal(await store.migrateSetting(entries, A), undefined);
  assert.deepEqual(store.ids(A), ['5']);
  // Also across a restart (a new store over the same storage).
  assert.equal(await new CourseInstanceStore(memory).migrateSetting(entries, A), undefined);
});

test('no setting: the migration is still done once, and nothing else changes', async () => {
  const store = new CourseInstanceStore(new MemoryStore());
  assert.deepEqual(await store.migrateSetting(undefined, A), { moved: new Map(), invalid: [] });
  assert.equal(await store.migrateSetting(['3'], A), undefined);
  assert.deepEqual(store.ids(A), []);
});
