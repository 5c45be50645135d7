// Runs every *.test.ts under test/ with node's test runner (node 20 has no --test glob support).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'fixtures' || name === 'node_modules') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const only = process.argv.slice(2);
const files = only.length ? only : collect('test', []).sort();
if (files.length === 0) {
  console.error('no test files found under test/');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
