import * as fs from 'node:fs';
import type { FileEdits } from '../../course';

/** Applies offset edits to the files on disk (latest offset first, so earlier offsets stay right). */
export function applyFileEdits(files: FileEdits[]): void {
  for (const { file, edits } of files) {
    let text = fs.readFileSync(file, 'utf8');
    for (const e of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
    fs.writeFileSync(file, text);
  }
}
