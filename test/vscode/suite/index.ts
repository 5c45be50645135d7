// Entry point of the extension-host tests, the @vscode/test-electron contract: run() resolves when every
// test passed. Loaded by test/vscode/run.mjs (code-server) and test/vscode/electron.mjs (desktop VS Code).
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 120_000, color: false, reporter: 'spec' });
  // The suites are bundled with this file: define mocha's globals, then load them.
  mocha.suite.emit('pre-require', globalThis, 'courseViews.suite', mocha);
  require('./courseViews.suite');
  mocha.suite.emit('pre-require', globalThis, 'questionPreview.suite', mocha);
  require('./questionPreview.suite');
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
