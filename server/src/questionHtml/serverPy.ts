/**
 * The names server.py sets in data["params"] and data["correct_answers"], found with a simple
 * scan. A namespace is undecided (undefined) when the scan cannot see every key: a whole-dict
 * assignment, a computed key, update()/setdefault(), an alias of the dict, or `data` handed to
 * another function.
 */
export interface ServerPyNames {
  params?: Set<string>;
  correct_answers?: Set<string>;
}

const NAMESPACES = ['params', 'correct_answers'] as const;

export function scanServerPy(text: string): ServerPyNames {
  // Another function may fill data: `helper(data)` (but not `def generate(data)`).
  const handsOff = /\(\s*data\s*[,)]/.test(text.replace(/def\s+\w+\s*\(\s*data\s*[,)]/g, ''));
  const out: ServerPyNames = {};
  for (const ns of NAMESPACES) {
    if (handsOff) continue;
    const names = new Set<string>();
    let decided = true;
    const access = new RegExp(`\\[\\s*(["'])${ns}\\1\\s*\\]`, 'g');
    for (const m of text.matchAll(access)) {
      const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 200);
      const key = /^\s*\[\s*(["'])([^"'\\]+)\1\s*\]/.exec(after);
      if (key) {
        names.add(key[2]);
        continue;
      }
      // data["params"] = {...}, .update(...), [name], aliasing: the scan cannot list the keys.
      if (/^\s*(=(?!=)|\.\s*(update|setdefault|__setitem__)|\[|\s*$)/.test(after) || isAliased(text, m.index!)) {
        decided = false;
        break;
      }
    }
    if (decided) out[ns] = names;
  }
  return out;
}

/** `p = data["params"]`: keys set through `p` are invisible to the scan. */
function isAliased(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index) + 1;
  return /^\s*[\w.]+\s*=\s*[\w.]*$/.test(text.slice(lineStart, index));
}
