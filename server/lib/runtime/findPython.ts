import { execFile } from 'node:child_process';
import type { PythonInfo, PythonProblem } from '../protocol';

const PROBE = 'import sys, numpy, lxml.html; print(sys.version.split()[0])';

function probe(python: string): Promise<{ version?: string; error?: string }> {
  return new Promise((resolve) => {
    execFile(python, ['-c', PROBE], { timeout: 20000 }, (err, stdout, stderr) => {
      if (!err) return resolve({ version: stdout.trim() });
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return resolve({ error: 'not found' });
      const missing = /No module named '([^']+)'/.exec(stderr)?.[1];
      resolve({ error: missing ? `has no ${missing.split('.')[0]} module` : (stderr.trim().split('\n').pop() ?? err.message) });
    });
  });
}

/**
 * The first Python that can run questions (it imports numpy and lxml): `configured`, then
 * `python3`, then `/usr/bin/python3`. Otherwise a message saying what each one lacked.
 */
export async function findPython(configured?: string): Promise<PythonInfo | PythonProblem> {
  const candidates = [...new Set([configured, 'python3', '/usr/bin/python3'].filter((c): c is string => Boolean(c)))];
  const tried: string[] = [];
  for (const python of candidates) {
    const result = await probe(python);
    if (result.version) return { ok: true, python, version: result.version };
    tried.push(`${python}: ${result.error}`);
  }
  return {
    ok: false,
    message:
      `No Python that can run questions was found (${tried.join('; ')}). Questions need Python 3 with numpy and lxml ` +
      '(on Debian/Ubuntu: apt-get install python3-numpy python3-lxml, plus python3-sympy python3-pandas python3-matplotlib ' +
      'python3-networkx python3-pint for the elements that use them), or set the Python path in the settings.',
  };
}
