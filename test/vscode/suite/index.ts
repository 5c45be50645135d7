// Entry point of the extension-host tests, the @vscode/test-electron contract: run() resolves when every
// test passed. Loaded by test/vscode/run.mjs (code-server) and test/vscode/electron.mjs (desktop VS Code).
import Mocha from 'mocha';
import * as vscode from 'vscode';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 120_000, color: false, reporter: 'spec' });
  // The suites are bundled with this file: define mocha's globals, then load them. PL_VSCODE_SUITES
  // (e.g. `questionPreview.suite`, comma-separated) runs only those, for working on one suite.
  const only = process.env.PL_VSCODE_SUITES?.split(',').filter(Boolean);
  const load = (name: string, required: () => unknown) => {
    if (only && !only.includes(name)) return;
    mocha.suite.emit('pre-require', globalThis, name, mocha);
    required();
  };
  load('courseViews.suite', () => require('./courseViews.suite'));
  load('editorFeatures.suite', () => require('./editorFeatures.suite'));
  load('questionPreview.suite', () => require('./questionPreview.suite'));
  load('agentTools.suite', () => require('./agentTools.suite'));
  load('firstHour.suite', () => require('./firstHour.suite'));
  // Last: it stops the local server to see its views close.
  load('sidebar.suite', () => require('./sidebar.suite'));
  // The local reference server the suites start is stopped once, at the end: a restart right after a stop
  // would race the stopping server for its data folder.
  mocha.suite.afterAll(() => vscode.commands.executeCommand('prairielearn.stopLocalServer'));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
