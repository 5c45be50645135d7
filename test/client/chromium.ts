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

/**
 * A tab as a webview is: `acquireVsCodeApi()` whose messages land in `window.posted`, and every page
 * error or console error collected in `errors`. Page code goes as strings: tsx's compiled functions
 * name helpers the browser does not have.
 */
export async function webviewTab(browser: any): Promise<{ tab: any; errors: string[] }> {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e: Error) => errors.push(e.message));
  tab.on('console', (m: any) => m.type() === 'error' && errors.push(m.text()));
  await tab.addInitScript({ content: 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m) });' });
  return { tab, errors };
}
