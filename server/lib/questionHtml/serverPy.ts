import * as nodePath from 'node:path';
import type { CourseReader } from '../course';

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

// Regular expressions made once: a course has thousands of server.py files to scan.
const NAMESPACES = ['params', 'correct_answers'] as const;
/** `helper(data)` hands data to another function; `def generate(data)` does not. */
const HANDS_OFF = /(?<!def\s+\w+\s*)\(\s*data\s*[,)]/;
const ACCESS = { params: /\[\s*(["'])params\1\s*\]/g, correct_answers: /\[\s*(["'])correct_answers\1\s*\]/g };
/** A literal key right after the access: `["name"]`. */
const LITERAL_KEY = /\s*\[\s*(["'])([^"'\\]+)\1\s*\]/y;
const OPAQUE_USE = /^\s*(=(?!=)|\.\s*(update|setdefault|__setitem__)|\[|\s*$)/;

export function scanServerPy(text: string): ServerPyNames {
  const out: ServerPyNames = {};
  if (HANDS_OFF.test(text)) return out;
  for (const ns of NAMESPACES) {
    const names = new Set<string>();
    let decided = true;
    for (const m of text.matchAll(ACCESS[ns])) {
      const after = m.index! + m[0].length;
      LITERAL_KEY.lastIndex = after;
      const key = LITERAL_KEY.exec(text);
      if (key && key.index + key[0].length - after <= 200) {
        names.add(key[2]);
        continue;
      }
      // data["params"] = {...}, .update(...), [name], aliasing: the scan cannot list the keys.
      if (OPAQUE_USE.test(text.slice(after, after + 200)) || isAliased(text, m.index!)) {
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

/** The text of server.py in a question folder; undefined when there is none or it cannot be read. */
export function readServerPyText(questionDir: string, reader: CourseReader): string | undefined {
  const path = questionDir + nodePath.sep + 'server.py';
  // Most questions have no server.py: asking first spares an exception per question and check.
  if (!reader.exists(path)) return undefined;
  try {
    return reader.readText(path);
  } catch {
    return undefined;
  }
}
