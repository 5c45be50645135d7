// The README asks for node 20: every package npm installs must accept the oldest node that
// package.json's engines allow, or `npm ci` warns (EBADENGINE) and the tool may not run.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

test("every locked package accepts the oldest node that package.json's engines allow", () => {
  const ours = read('package.json').engines.node as string;
  const oldest = semver.minVersion(ours);
  assert.ok(oldest, `engines.node "${ours}" names a version`);
  assert.equal(oldest.major, 20, 'the README promises node 20');
  const refusing: string[] = [];
  const packages = read('package-lock.json').packages as Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  for (const [where, pkg] of Object.entries(packages)) {
    const wanted = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
    if (where === '' || !wanted) continue;
    if (!semver.satisfies(oldest, wanted)) refusing.push(`${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants node ${wanted}`);
  }
  assert.deepEqual(refusing, [], `node ${oldest.version}`);
});
