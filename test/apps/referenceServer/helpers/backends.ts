import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Backend } from './server';
import { postgresUnavailable, startPostgresCluster, type PostgresCluster } from './postgres';

let counter = 0;

/**
 * Registers `suite` once on PGlite and once on a throwaway PostgreSQL cluster. Without PostgreSQL the
 * second run is skipped with the reason, except under CI=true, where that is a failure.
 */
export function onEachBackend(suite: (backend: () => Promise<Backend>) => void): void {
  describe('PGlite', () => suite(async () => ({ kind: 'pglite' })));
  const missing = postgresUnavailable();
  if (missing && process.env.CI === 'true') {
    test('PostgreSQL is available under CI', () => assert.fail(missing));
    return;
  }
  describe('PostgreSQL', { skip: missing ? `PostgreSQL tests skipped: ${missing}` : false }, () => {
    let cluster: PostgresCluster;
    before(async () => {
      cluster = await startPostgresCluster();
    });
    after(() => cluster?.stop());
    suite(async () => ({ kind: 'postgres', url: await cluster.createDatabase(`reftest_${process.pid}_${++counter}`) }));
  });
}
