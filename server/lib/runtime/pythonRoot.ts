import * as fs from 'node:fs';
import * as nodePath from 'node:path';

/**
 * The folder with the runtime's Python code (plruntime/, prairielearn/, elements/, fallback/):
 * `server/python` beside the sources, or beside the bundle in dist/ (build.mjs ships it as
 * dist/../server/python, which is the same folder in a checkout and in the packaged extension), or
 * the folder named by PL_RUNTIME_PYTHON_DIR (for a plCheck.js copied into a course's CI).
 */
export function pythonRoot(): string {
  const candidates = [
    ...(process.env.PL_RUNTIME_PYTHON_DIR ? [nodePath.resolve(process.env.PL_RUNTIME_PYTHON_DIR)] : []),
    nodePath.resolve(__dirname, '..', '..', 'python'),
    nodePath.resolve(__dirname, '..', 'server', 'python'),
  ];
  for (const dir of candidates) if (fs.existsSync(nodePath.join(dir, 'plruntime', 'zygote.py'))) return dir;
  throw new Error(`the question runtime's Python files are missing (looked in ${candidates.join(', ')})`);
}
