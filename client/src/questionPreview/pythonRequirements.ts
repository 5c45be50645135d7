// The list of PrairieLearn's question packages kept in server/python/requirements.txt (pip's format,
// with the module each provides and its Debian package in the line's comment).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface PythonRequirement {
  /** The pip requirement as written, e.g. `numpy<=2.4.6`. */
  spec: string;
  /** The distribution name, e.g. `scikit-learn`. */
  name: string;
  /** PrairieLearn's version (the cap), when the line has one. */
  version?: string;
  /** The top-level module a question imports, e.g. `sklearn`. */
  module: string;
  /** The Debian/Ubuntu package for /usr/bin/python3, when there is one. */
  debian?: string;
}

/** Where the list is, from the extension's (or checkout's) root folder. */
export function requirementsPath(root: string): string {
  return path.join(root, 'server', 'python', 'requirements.txt');
}

export function parseRequirements(text: string): PythonRequirement[] {
  const out: PythonRequirement[] = [];
  for (const raw of text.split('\n')) {
    const hash = raw.indexOf('#');
    const spec = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (!spec) continue;
    const comment = hash >= 0 ? raw.slice(hash + 1) : '';
    const name = /^[A-Za-z0-9._-]+/.exec(spec)?.[0] ?? spec;
    const version = /(?:<=|==|~=)\s*([^,;\s]+)/.exec(spec)?.[1];
    const module = /\bimport\s+([A-Za-z_][\w]*)/.exec(comment)?.[1] ?? name.replace(/-/g, '_');
    const debian = /\bdebian\s+(\S+)/.exec(comment)?.[1];
    out.push({ spec, name, ...(version ? { version } : {}), module, ...(debian ? { debian } : {}) });
  }
  return out;
}

export function readRequirements(root: string): PythonRequirement[] {
  return parseRequirements(fs.readFileSync(requirementsPath(root), 'utf8'));
}

/** The apt-get line for the Debian packages of `requirements` (plus python3-venv for the environment). */
export function aptCommand(requirements: readonly PythonRequirement[]): string {
  const names = requirements.flatMap((r) => (r.debian ? [r.debian] : []));
  return `sudo apt-get install python3-venv ${[...new Set(names)].join(' ')}`;
}
