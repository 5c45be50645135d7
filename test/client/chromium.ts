// playwright-core and Chromium for the page-script tests, from test/vscode/setup.sh (as the real-VS Code
// tests get them): a reason string when they are missing, so that a test can skip (or fail under CI=true).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export function playwright(): any | string {
  const setup = spawnSync('bash', [path.join(ROOT, 'test', 'vscode', 'setup.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (setup.status !== 0) return `test/vscode/setup.sh exited ${setup.status}`;
  const cache = setup.stdout.trim().split('\n').pop()!;
  return createRequire(path.join(cache, 'tools', 'package.json'))('playwright-core');
}

/** Headless Chromium that may read file: URLs (the pages and their assets are files). */
export function launchChromium(pw: any): Promise<any> {
  return pw.chromium.launch({
    executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files', '--disable-dev-shm-usage'],
  });
}
