// PrairieLearn: Create Python Environment, without vscode: a venv (reusing the packages the system
// Python already has) with the packages PrairieLearn's question runtime provides, or a message that
// says why not and what to install instead.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** What PrairieLearn's Python image provides that course code commonly imports. */
export const RUNTIME_PACKAGES = ['numpy', 'sympy', 'lxml', 'matplotlib', 'pandas', 'networkx', 'pint'];

/** The Debian/Ubuntu packages of RUNTIME_PACKAGES, for the message when pip cannot get them. */
const APT_PACKAGES = ['python3-venv', ...RUNTIME_PACKAGES.map((p) => `python3-${p}`)];

export type PythonEnvResult = { ok: true; python: string } | { ok: false; message: string };

export interface PythonEnvOptions {
  /** The Python the venv is made from. */
  basePython: string;
  /** Where the venv goes (the extension's global storage). */
  envDir: string;
  packages?: string[];
  /** Environment of pip (PIP_INDEX_URL and proxies come from here). */
  env?: NodeJS.ProcessEnv;
  progress?: (message: string) => void;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv | undefined, timeoutMs: number): Promise<{ ok: boolean; output: string; missing?: boolean }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const output = `${stdout}\n${stderr}`.trim();
      resolve({ ok: !err, output, missing: (err as NodeJS.ErrnoException | null)?.code === 'ENOENT' });
    });
  });
}

const lastLines = (text: string, n = 3) => text.split('\n').filter((l) => l.trim()).slice(-n).join(' ').slice(0, 500);

const aptRoute = () =>
  `Install them with the system's package manager instead (on Debian/Ubuntu: sudo apt-get install ${APT_PACKAGES.join(' ')}; ` +
  'with conda: conda install numpy sympy lxml matplotlib pandas networkx pint), then run PrairieLearn: Create Python Environment again, ' +
  'or set prairielearn.python to a Python that has them.';

/** Creates (or updates) the venv and installs the packages; the venv's Python when it can run questions. */
export async function createPythonEnv(o: PythonEnvOptions): Promise<PythonEnvResult> {
  const packages = o.packages ?? RUNTIME_PACKAGES;
  const python = path.join(o.envDir, process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python');
  fs.mkdirSync(path.dirname(o.envDir), { recursive: true });
  o.progress?.(`Creating a virtual environment with ${o.basePython}…`);
  const venv = await run(o.basePython, ['-m', 'venv', '--system-site-packages', o.envDir], o.env, 120_000);
  if (!venv.ok) {
    if (venv.missing) return { ok: false, message: `${o.basePython} was not found: install Python 3 (on Debian/Ubuntu: sudo apt-get install python3 python3-venv) or set prairielearn.python.` };
    const hint = /ensurepip|venv/.test(venv.output) ? ' Python\'s venv module is missing (on Debian/Ubuntu: sudo apt-get install python3-venv).' : '';
    return { ok: false, message: `Could not create a Python environment in ${o.envDir}: ${lastLines(venv.output)}.${hint}` };
  }
  o.progress?.(`Installing ${packages.join(', ')} (packages the system Python has are reused)…`);
  // No retries and a short timeout: without a network, pip should say so quickly.
  const pip = await run(python, ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--retries', '0', '--timeout', '15', ...packages], o.env, 15 * 60_000);
  if (!pip.ok) {
    const offline = /connection|network|resolve|unreachable|timed out|proxy|No matching distribution|Could not find a version|SSL/i.test(pip.output);
    const why = offline
      ? `pip could not reach the Python package index to download ${packages.join(', ')} (${lastLines(pip.output, 2)}).`
      : `pip could not install ${packages.join(', ')}: ${lastLines(pip.output)}.`;
    return { ok: false, message: `${why} ${aptRoute()}` };
  }
  o.progress?.('Checking the environment…');
  const check = await run(python, ['-c', `import ${packages.map((p) => p.replace(/-/g, '_')).join(', ')}`], o.env, 120_000);
  if (!check.ok) return { ok: false, message: `The environment was made but cannot import its packages: ${lastLines(check.output)}. ${aptRoute()}` };
  return { ok: true, python };
}
