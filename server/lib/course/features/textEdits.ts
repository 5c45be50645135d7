/** A replacement of text[start, end) by newText, in character offsets. */
export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

/** The file's line ending, so inserted lines match it. */
export function lineEnding(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The whitespace a line starts with, for the line holding `offset`. */
export function indentationAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** One indentation step of the file (its first indented line), two spaces if nothing is indented. */
export function indentUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1] : '  ';
}
