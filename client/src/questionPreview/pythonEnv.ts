// PrairieLearn: Create Python Environment, without vscode: a venv (reusing the packages the system
// Python already has) with the packages PrairieLearn's question runtime provides, or a message that
// says why not and what to install instead.
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** What PrairieLearn's Python image provides that course code commonly imports. */
export const RUNTIME_PACKAGES = ['numpy', 'sympy', 'lxml', 'matplotlib', 'pandas', 'networkx', 'pint'];

/** The Debian/Ubuntu packages of RUNTIME_PACKAGES, for the message when pip cannot get them. */
const APT_PACKAGES = ['python3-venv', ...RUNTIME_PACKAGES.map((p) => `python3-${p}`)];

/** `missing`: packages pip could not install (the questions that import them fail; the rest run). */
export type PythonEnvResult = { ok: true; python: string; missing: string[] } | { ok: false; message: string };

export interface PythonEnvOptions {
  /** The Python the venv is made from. */
  basePython: string;
  /** Where the venv goes (the extension's global storage). */
  envDir: string;
  /** pip requirements (default RUNTIME_PACKAGES); the extension passes server/python/requirements.txt's. */
  packages?: string[];
  /** Import name of each of `packages`, when it differs from the package name (scikit-learn -> sklearn). */
  modules?: Record<string, string>;
  /** Modules without which no question runs: the environment fails without them (default numpy, lxml). */
  requiredModules?: string[];
  /** The offline route named in messages (default: apt-get of RUNTIME_PACKAGES). */
  aptLine?: string;
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

const aptRoute = (aptLine = `sudo apt-get install ${APT_PACKAGES.join(' ')}`) =>
  `Install them with the system's package manager instead (on Debian/Ubuntu: ${aptLine}; ` +
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
  o.progress?.(`Installing ${packages.length} packages (packages the system Python has are reused)…`);
  // No retries and a short timeout: without a network, pip should say so quickly.
  const pipArgs = ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--retries', '0', '--timeout', '15'];
  const pip = await runStreaming(python, [...pipArgs, ...packages], o.env, 15 * 60_000, o.progress);
  const offline = /connection|network|resolve|unreachable|timed out|proxy|No matching distribution|Could not find a version|SSL/i.test(pip.output);
  let failed: string[] = [];
  if (!pip.ok && !offline && packages.length > 1) {
    // One package that cannot build here (pygraphviz without Graphviz's headers, say) must not cost the rest.
    for (const spec of packages) {
      o.progress?.(`Installing ${spec}…`);
      if (!(await run(python, [...pipArgs, spec], o.env, 10 * 60_000)).ok) failed.push(spec);
    }
  } else if (!pip.ok) failed = [...packages];
  o.progress?.('Checking the environment…');
  const moduleOf = (spec: string) => {
    const name = /^[A-Za-z0-9._-]+/.exec(spec)?.[0] ?? spec;
    return o.modules?.[name] ?? name.replace(/-/g, '_');
  };
  const required = o.requiredModules ?? ['numpy', 'lxml'];
  const check = await run(python, ['-c', `import ${required.join(', ')}`], o.env, 120_000);
  if (!check.ok) {
    if (!pip.ok) {
      const why = offline
        ? `pip could not reach the Python package index to download ${packages.join(', ')} (${lastLines(pip.output, 2)}).`
        : `pip could not install ${packages.join(', ')}: ${lastLines(pip.output)}.`;
      return { ok: false, message: `${why} ${aptRoute(o.aptLine)}` };
    }
    return { ok: false, message: `The environment was made but cannot import its packages: ${lastLines(check.output)}. ${aptRoute(o.aptLine)}` };
  }
  // What pip could not install may still be there (the system's own copy): only what does not import is missing.
  const missing: string[] = [];
  for (const spec of failed) {
    if (!(await run(python, ['-c', `import ${moduleOf(spec)}`], o.env, 60_000)).ok) missing.push(spec);
  }
  return { ok: true, python, missing };
}

/** Like run, reporting pip's steps (Collecting, Installing...) as they happen. */
function runStreaming(cmd: string, args: string[], env: NodeJS.ProcessEnv | undefined, timeoutMs: number, progress?: (m: string) => void): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let pending = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (output.length < 16 * 1024 * 1024) output += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const step = /^(Collecting|Downloading|Building|Installing|Successfully) .*/.exec(line.trim());
        if (step) progress?.(step[0].slice(0, 120));
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => resolve({ ok: false, output: `${output}\n${err.message}` }));
    child.on('close', (code) => resolve({ ok: code === 0, output: output.trim() }));
  });
}
