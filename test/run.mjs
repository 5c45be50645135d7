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
// A folder argument stands for the tests under it (node 20's runner would run nothing for it).
const files = (only.length ? only : ['test']).flatMap((arg) => (statSync(arg).isDirectory() ? collect(arg, []).sort() : [arg]));
if (files.length === 0) {
  console.error(`no test files found in ${only.length ? only.join(', ') : 'test/'}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
