// PrairieLearn: Check Python Environment, without vscode: which of PrairieLearn's question packages a
// Python lacks, and which of the course's questions import each one.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { aptCommand, type PythonRequirement } from './pythonRequirements';

export interface ModuleProbe {
  /** Module -> installed version ('' when importable but unversioned); absent modules are left out. */
  found: Record<string, string>;
}

// find_spec finds a module without importing it (importing sklearn or nltk takes seconds).
const PROBE = `
import importlib.util, importlib.metadata, json, sys
found = {}
for module, dist in json.loads(sys.argv[1]):
    try:
        if importlib.util.find_spec(module) is None:
            continue
    except (ImportError, ValueError):
        continue
    try:
        found[module] = importlib.metadata.version(dist)
    except Exception:
        found[module] = ""
print(json.dumps(found))
`;

export function probeModules(python: string, requirements: readonly PythonRequirement[], env?: NodeJS.ProcessEnv): Promise<ModuleProbe | { error: string }> {
  const pairs = JSON.stringify(requirements.map((r) => [r.module, r.name]));
  return new Promise((resolve) => {
    execFile(python, ['-c', PROBE, pairs], { env, timeout: 60_000, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        resolve({ error: (err as NodeJS.ErrnoException).code === 'ENOENT' ? `${python} was not found` : `${python} failed: ${String(stderr).trim().split('\n').slice(-1)[0] ?? err.message}` });
        return;
      }
      try {
        resolve({ found: JSON.parse(String(stdout).trim().split('\n').slice(-1)[0]) as Record<string, string> });
      } catch {
        resolve({ error: `${python} gave no answer` });
      }
    });
  });
}

const IMPORT = /^[ \t]*(?:from[ \t]+([A-Za-z_][\w]*)[\w.]*[ \t]+import\b|import[ \t]+([^#\n]+))/gm;

/** Top-level modules a Python source imports (import a, b.c as d / from a.b import c). */
export function importedModules(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(IMPORT)) {
    if (m[1]) found.add(m[1]);
    else for (const part of m[2].split(',')) {
      const name = /^\s*([A-Za-z_][\w]*)/.exec(part)?.[1];
      if (name) found.add(name);
    }
  }
  return [...found];
}

const MAX_FILES = 20_000;

/** Every .py file under `dir` (bounded), as paths relative to `base`. */
function pythonFiles(dir: string, base: string, out: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= MAX_FILES) return;
    const full = path.join(dir, e.name);
    if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') pythonFiles(full, base, out);
    else if (e.isFile() && e.name.endsWith('.py')) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
}

/**
 * Who imports each module in a course: a question's QID for its server.py (and other .py files in its
 * folder), the file's course path for serverFilesCourse and elements code.
 */
export function courseImports(courseRoot: string): Map<string, string[]> {
  const users = new Map<string, string[]>();
  const add = (module: string, who: string) => {
    const list = users.get(module) ?? [];
    if (!list.includes(who)) list.push(who);
    users.set(module, list);
  };
  const files: string[] = [];
  for (const top of ['questions', 'serverFilesCourse', 'elements']) pythonFiles(path.join(courseRoot, top), courseRoot, files);
  for (const file of files) {
    let source: string;
    try {
      source = fs.readFileSync(path.join(courseRoot, file), 'utf8');
    } catch {
      continue;
    }
    const who = file.startsWith('questions/') ? questionOf(courseRoot, file) ?? file : file;
    for (const module of importedModules(source)) add(module, who);
  }
  return users;
}

/** The QID of the question folder holding `file` (the nearest folder up with info.json). */
function questionOf(courseRoot: string, file: string): string | undefined {
  const parts = file.split('/').slice(1, -1);
  for (let n = parts.length; n > 0; n--) {
    if (fs.existsSync(path.join(courseRoot, 'questions', ...parts.slice(0, n), 'info.json'))) return parts.slice(0, n).join('/');
  }
  return undefined;
}

export interface EnvironmentReport {
  missing: Array<PythonRequirement & { usedBy: string[] }>;
  present: Array<PythonRequirement & { installed: string }>;
}

export function compareEnvironment(requirements: readonly PythonRequirement[], probe: ModuleProbe, imports: Map<string, string[]>): EnvironmentReport {
  const report: EnvironmentReport = { missing: [], present: [] };
  for (const r of requirements) {
    if (r.module in probe.found) report.present.push({ ...r, installed: probe.found[r.module] });
    else report.missing.push({ ...r, usedBy: imports.get(r.module) ?? [] });
  }
  // The packages the course needs first, then by name.
  report.missing.sort((a, b) => Number(b.usedBy.length > 0) - Number(a.usedBy.length > 0) || a.name.localeCompare(b.name));
  return report;
}

const LISTED = 12;

/** The report as Markdown, for a read-only document. */
export function formatReport(python: string, report: EnvironmentReport, courseRoots: readonly string[]): string {
  const lines = [`# Python environment: ${python}`, ''];
  const total = report.missing.length + report.present.length;
  lines.push(`${report.present.length} of the ${total} packages of PrairieLearn's question environment are installed.`, '');
  if (report.missing.length > 0) {
    lines.push('## Missing', '', '| Package | PrairieLearn has | Debian/Ubuntu | Imported by |', '|---|---|---|---|');
    for (const m of report.missing) {
      const users = m.usedBy.length === 0 ? 'no question' : m.usedBy.slice(0, LISTED).join(', ') + (m.usedBy.length > LISTED ? ` and ${m.usedBy.length - LISTED} more` : '');
      lines.push(`| ${m.name} (\`import ${m.module}\`) | ${m.version ?? ''} | ${m.debian ?? 'none: pip only'} | ${users} |`);
    }
    const needed = report.missing.filter((m) => m.usedBy.length > 0);
    lines.push('');
    if (needed.length > 0) {
      lines.push(`Questions of ${courseRoots.length === 1 ? 'this course' : 'these courses'} import ${needed.length} of them. Run **PrairieLearn: Create Python Environment** to install them with pip, or offline:`, '');
      const apt = needed.filter((m) => m.debian);
      if (apt.length > 0) lines.push('```', aptCommand(apt).replace(' python3-venv', ''), '```', '');
      const pipOnly = needed.filter((m) => !m.debian);
      if (pipOnly.length > 0) lines.push(`No Debian package has ${pipOnly.map((m) => m.name).join(', ')}; only pip installs ${pipOnly.length === 1 ? 'it' : 'them'}.`, '');
    } else lines.push('No question of the course imports them.', '');
  }
  lines.push('## Installed', '', report.present.map((p) => `${p.name} ${p.installed}`.trim()).join(', ') || 'none', '');
  return lines.join('\n');
}
