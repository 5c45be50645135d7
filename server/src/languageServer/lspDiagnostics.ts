import { URI } from 'vscode-uri';
import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic,
  type DiagnosticRelatedInformation,
  type Range,
} from 'vscode-languageserver';
import { allEntries, type Course } from '../course/course';
import type { CourseDiagnostic, Severity, TextRange } from '../course/diagnostic';
import type { JsonFile } from '../course/jsonFile';
import { TextDocument } from 'vscode-languageserver-textdocument';

export const SOURCE = 'PrairieLearn';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function fileUri(path: string): string {
  return URI.file(path).toString();
}

/**
 * Groups a course's diagnostics by document URI, in LSP form, keeping the files `keep` accepts.
 * Offsets become positions in the text that was checked: the info files' own, and `checkedText`
 * for other files (question.html).
 */
export function toLspDiagnostics(
  diagnostics: CourseDiagnostic[],
  course: Course,
  keep: (file: string) => boolean,
  checkedText: (file: string) => string | undefined,
): Map<string, Diagnostic[]> {
  const files = new Map<string, Pick<JsonFile, 'positionAt'> | undefined>();
  for (const entry of allEntries(course)) if (entry.file) files.set(entry.path, entry.file);
  const rangeIn = (file: string, range: TextRange): Range => {
    if (!files.has(file)) {
      const text = checkedText(file);
      files.set(file, text === undefined ? undefined : TextDocument.create(fileUri(file), 'plaintext', 0, text));
    }
    const text = files.get(file);
    if (!text) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { start: text.positionAt(range.start), end: text.positionAt(range.end) };
  };
  const out = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (!keep(d.file)) continue;
    const lsp: Diagnostic = {
      range: rangeIn(d.file, d.range),
      severity: SEVERITY[d.severity],
      code: d.code,
      source: SOURCE,
      message: d.message,
    };
    if (d.related?.length) {
      lsp.relatedInformation = d.related.map(
        (r): DiagnosticRelatedInformation => ({ location: { uri: fileUri(r.file), range: rangeIn(r.file, r.range) }, message: r.message }),
      );
    }
    // Editors strike through deprecated properties and fade ones that do nothing.
    if (d.code.includes('deprecated')) lsp.tags = [DiagnosticTag.Deprecated];
    else if (d.code.includes('unused')) lsp.tags = [DiagnosticTag.Unnecessary];
    if (d.data) lsp.data = d.data;
    const uri = fileUri(d.file);
    const list = out.get(uri);
    if (list) list.push(lsp);
    else out.set(uri, [lsp]);
  }
  return out;
}

/**
 * Sends only what changed: remembers what each course last published per document, publishes a
 * document again only when its diagnostics differ, and clears documents that became clean.
 */
export class DiagnosticsPublisher {
  private readonly published = new Map<string, Map<string, string>>();

  constructor(private readonly send: (uri: string, diagnostics: Diagnostic[]) => void) {}

  publish(root: string, byUri: Map<string, Diagnostic[]>): void {
    const before = this.published.get(root) ?? new Map<string, string>();
    const after = new Map<string, string>();
    for (const [uri, diagnostics] of byUri) {
      const key = JSON.stringify(diagnostics);
      after.set(uri, key);
      if (before.get(uri) !== key) this.send(uri, diagnostics);
    }
    for (const uri of before.keys()) if (!after.has(uri)) this.send(uri, []);
    this.published.set(root, after);
  }

  clear(root: string): void {
    this.publish(root, new Map());
    this.published.delete(root);
  }
}

