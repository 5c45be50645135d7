import * as fs from 'node:fs';
import * as nodePath from 'node:path';

/** A file a student submits through question.html: its name and, for a file editor, the code it starts from. */
export interface StudentFile {
  name: string;
  element: 'pl-file-editor' | 'pl-file-upload';
  /** The editor's initial text (inline or `source-file-name`); undefined for uploads and empty editors. */
  starter?: string;
  /** 1-based line of the element in question.html. */
  line: number;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) found[m[1].toLowerCase()] = decodeEntities(m[3] ?? m[4] ?? m[5] ?? '');
  return found;
}

/**
 * The files question.html lets a student submit: each pl-file-editor's file-name with its initial
 * code, each name in a pl-file-upload's file-names. The editor's text is read as the browser shows
 * it (entities decoded, the first line break after the tag dropped, as a textarea does).
 */
export function studentFiles(questionDir: string, courseRoot: string, html: string): StudentFile[] {
  const files: StudentFile[] = [];
  const lineAt = (index: number) => html.slice(0, index).split('\n').length;
  for (const m of html.matchAll(/<pl-file-editor\b([^>]*)>([\s\S]*?)<\/pl-file-editor>/gi)) {
    const attrs = attributes(m[1]);
    if (!attrs['file-name']) continue;
    let starter: string | undefined = decodeEntities(m[2]).replace(/^\r?\n/, '');
    const source = attrs['source-file-name'];
    if (source) {
      const dir = attrs.directory ?? '.';
      const base = dir === 'serverFilesCourse' || dir === 'clientFilesCourse' ? nodePath.join(courseRoot, dir) : nodePath.join(questionDir, dir);
      try {
        starter = fs.readFileSync(nodePath.join(base, source), 'utf8');
      } catch {
        starter = undefined;
      }
    }
    files.push({ name: attrs['file-name'], element: 'pl-file-editor', starter: starter && starter.trim() !== '' ? starter : undefined, line: lineAt(m.index) });
  }
  for (const m of html.matchAll(/<pl-file-upload\b([^>]*)>/gi)) {
    const names = (attributes(m[1])['file-names'] ?? '').split(',').map((n) => n.trim()).filter(Boolean);
    for (const name of names) files.push({ name, element: 'pl-file-upload', line: lineAt(m.index) });
  }
  return files;
}

/** The Python autograder reads `user_code.py` unless the test class names another file; the reference goes under each Python name. */
export function referenceFileNames(files: StudentFile[]): string[] {
  const names = [...new Set(files.map((f) => f.name).filter((n) => n.endsWith('.py')))];
  return names.length > 0 ? names : ['user_code.py'];
}
