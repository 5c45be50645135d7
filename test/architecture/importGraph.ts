// The import graph of the extension's TypeScript sources, read from the files themselves: every
// static, type-only, re-export, dynamic `import()` and `require()` of a relative path. Type-only
// imports count: a cycle of types still ties two modules together for whoever reads them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

export type ImportGraph = Map<string, Set<string>>;

const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Comments are blanked first, so that an import written in a comment is not an edge. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

export function importSpecifiers(text: string): string[] {
  const source = withoutComments(text);
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) for (const m of source.matchAll(pattern)) found.add(m[1]);
  return [...found];
}

function listTs(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listTs(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Files are keyed by their path relative to `root`, with forward slashes. */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const files = new Set(folders.flatMap((f) => listTs(path.join(root, f), [])).map(rel));
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    for (const spec of importSpecifiers(readFileSync(path.join(root, file), 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const target = [`${base}.ts`, `${base}/index.ts`, base].find((c) => files.has(c));
      if (target) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself), each sorted. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  // Iterative Tarjan: the graph is small, but recursion depth should not depend on it.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edges: Iterator<string> }> = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length) {
      const top = work[work.length - 1];
      const step = top.edges.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || graph.get(top.node)?.has(top.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

export interface LayerRules {
  /** The layer a file belongs to, or undefined when no layer claims it. */
  layerOf(file: string): string | undefined;
  /** For each layer, the layers it may import (itself included). */
  mayImport: Record<string, readonly string[]>;
  /** Files any layer may import, whatever their own layer: shared protocol and record types. */
  sharedTypes: readonly string[];
}

/** Every edge that goes against the layering, and every file no layer claims, as readable lines. */
export function layerViolations(graph: ImportGraph, rules: LayerRules): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const fromLayer = rules.layerOf(from);
    if (fromLayer === undefined || !(fromLayer in rules.mayImport)) {
      out.push(`${from}: in no known layer`);
      continue;
    }
    for (const to of targets) {
      if (rules.sharedTypes.includes(to)) continue;
      const toLayer = rules.layerOf(to);
      if (toLayer !== undefined && !rules.mayImport[fromLayer].includes(toLayer)) {
        out.push(`${from} (${fromLayer}) imports ${to} (${toLayer})`);
      }
    }
  }
  return out.sort();
}

/**
 * Every edge that enters a library from outside it (another library, a program, the client) at a
 * module other than the library's `index.ts`. `libraryOf` names the library a file belongs to.
 */
export function indexViolations(graph: ImportGraph, libraryOf: (file: string) => string | undefined): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const library = libraryOf(to);
      if (library === undefined || library === libraryOf(from)) continue;
      if (!to.endsWith(`/${library}/index.ts`)) out.push(`${from} imports ${to}, not the ${library} library's index`);
    }
  }
  return out.sort();
}
