// Runs the real-VS Code harness (run.mjs: code-server + Chromium) as part of the node test run, so that
// one summary counts it. Its full output is saved in test-results/vscode.log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const runner = path.join(__dirname, 'run.mjs');

test('the extension in a real VS Code (code-server + Chromium)', { timeout: 30 * 60_000 }, async (t) => {
  const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
    const child = spawn(process.execPath, [runner], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('close', (code) => resolve({ code, text }));
  });
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync(path.join('test-results', 'vscode.log'), output.text);
  const skipped = /^SKIPPED real VS Code tests: (.*)$/m.exec(output.text);
  if (skipped && output.code === 0) {
    t.skip(skipped[1]);
    return;
  }
  const tail = output.text.split('\n').slice(-60).join('\n');
  await t.test('extension-host suite', () => {
    assert.match(output.text, /^extension-host suite: passed$/m, tail);
  });
  await t.test('packaged .vsix and UI scenario', () => {
    assert.match(output.text, /^UI scenario: passed$/m, tail);
  });
  assert.equal(output.code, 0, tail);
});
