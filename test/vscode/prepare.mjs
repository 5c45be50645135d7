// What both launchers of the extension-host suite need: the extension and suite bundles, and a workspace
// that is a course in a git repository (so Start Local Reference Server serves it).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const here = path.join(root, 'test', 'vscode');
export const suiteOut = path.join(here, 'out');

export async function buildAll() {
  execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
  await esbuild.build({
    entryPoints: { index: path.join(here, 'suite', 'index.ts') },
    outdir: suiteOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // mocha is loaded from node_modules at run time; its globals are set up by suite/index.ts.
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
}

/** A temporary folder holding `course/` (the demo course, committed to git) and scratch space. */
export function makeWorkspace() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-vscode-'));
  const workspace = path.join(tmp, 'course');
  fs.cpSync(path.join(root, 'server', 'demo-course'), workspace, { recursive: true });
  // Marked, so that the tests can tell the workspace's own course from the bundled demo course.
  const ciFile = path.join(workspace, 'courseInstances', 'Fa26', 'infoCourseInstance.json');
  const ci = JSON.parse(fs.readFileSync(ciFile, 'utf8'));
  fs.writeFileSync(ciFile, JSON.stringify({ ...ci, longName: `${ci.longName} (workspace copy)` }, null, 2) + '\n');
  const env = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com' };
  for (const args of [['init', '-q', '-b', 'master'], ['add', '-A'], ['commit', '-q', '-m', 'course']]) execFileSync('git', args, { cwd: workspace, env });
  return { tmp, workspace };
}
