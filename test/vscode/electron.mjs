// The same extension-host suite in desktop VS Code through @vscode/test-electron (`npm run test:electron`).
// It downloads VS Code, so it needs internet; offline, use `npm run test:vscode` (code-server).
import { runTests } from '@vscode/test-electron';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildAll, makeWorkspace, root, suiteOut } from './prepare.mjs';

await buildAll();
const { tmp, workspace } = makeWorkspace();
try {
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: path.join(suiteOut, 'index.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome'],
  });
} catch (err) {
  console.error(`desktop VS Code tests failed: ${err instanceof Error ? err.message : err}`);
  console.error('(downloading VS Code needs internet access; offline, run npm run test:vscode instead)');
  process.exitCode = 1;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
