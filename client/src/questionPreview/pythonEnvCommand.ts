// PrairieLearn: Check Python Environment, and what Create Python Environment installs: both from the
// package list shipped in server/python/requirements.txt.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { compareEnvironment, courseImports, formatReport, probeModules } from './pythonEnvCheck';
import { aptCommand, readRequirements } from './pythonRequirements';
import type { PythonEnvOptions } from './pythonEnv';

/** createPythonEnv's package options: PrairieLearn's list, its import names and its apt-get line. */
export function requirementOptions(extensionPath: string): Pick<PythonEnvOptions, 'packages' | 'modules' | 'aptLine'> {
  const requirements = readRequirements(extensionPath);
  return {
    packages: requirements.map((r) => r.spec),
    modules: Object.fromEntries(requirements.map((r) => [r.name, r.module])),
    aptLine: aptCommand(requirements),
  };
}

export async function checkPythonEnvironment(extensionPath: string, pythonSetting: string | undefined): Promise<void> {
  const requirements = readRequirements(extensionPath);
  // The Python previews use first: the setting, else python3.
  const python = pythonSetting ?? 'python3';
  const probe = await probeModules(python, requirements);
  if ('error' in probe) {
    const choice = await vscode.window.showErrorMessage(`PrairieLearn: ${probe.error}. Set prairielearn.python, or create an environment.`, 'Create Python Environment');
    if (choice) await vscode.commands.executeCommand('prairielearn.createPythonEnvironment');
    return;
  }
  const courses = (await vscode.workspace.findFiles('**/infoCourse.json', '**/node_modules/**', 20)).map((u) => path.dirname(u.fsPath));
  const imports = new Map<string, string[]>();
  for (const root of courses) {
    for (const [module, users] of courseImports(root)) {
      const prefix = courses.length > 1 ? `${path.basename(root)}: ` : '';
      imports.set(module, [...(imports.get(module) ?? []), ...users.map((u) => prefix + u)]);
    }
  }
  const report = compareEnvironment(requirements, probe, imports);
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: formatReport(python, report, courses) });
  await vscode.window.showTextDocument(doc, { preview: true });
  const needed = report.missing.filter((m) => m.usedBy.length > 0);
  if (needed.length > 0) {
    const choice = await vscode.window.showWarningMessage(
      `PrairieLearn: ${needed.length} package${needed.length === 1 ? '' : 's'} that questions import ${needed.length === 1 ? 'is' : 'are'} missing: ${needed.map((m) => m.name).join(', ')}.`,
      'Create Python Environment',
    );
    if (choice) await vscode.commands.executeCommand('prairielearn.createPythonEnvironment');
  }
}
