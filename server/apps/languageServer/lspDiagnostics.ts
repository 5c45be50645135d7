import { URI } from 'vscode-uri';
import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic,
  type DiagnosticRelatedInformation,
  type Range,
} from 'vscode-languageserver';
import {
  limitFindings, sameItems, type CourseDiagnostic, type Positions, type Severity, type TextRange,
} from '../../lib/course';

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


/** One file's diagnostics in LSP form; `positionsOf` gives the text each file was checked with. */
export function toLspDiagnostics(diagnostics: CourseDiagnostic[], positionsOf: (file: string) => Positions | undefined): Diagnostic[] {
  const known = new Map<string, Positions | undefined>();
  const rangeIn = (file: string, range: TextRange): Range => {
    let text = known.get(file);
    if (text === undefined && !known.has(file)) known.set(file, (text = positionsOf(file)));
    if (!text) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { start: text.positionAt(range.start), end: text.positionAt(range.end) };
  };
  return diagnostics.map((d) => {
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
    if (d.code.includes('deprecated') && d.code !== 'deprecated-uses') lsp.tags = [DiagnosticTag.Deprecated];
    else if (d.code.includes('unused')) lsp.tags = [DiagnosticTag.Unnecessary];
    if (d.data) lsp.data = d.data;
    return lsp;
  });
}

interface Published {
  uri: string;
  /** The checker's diagnostics the LSP ones were made from: the checker hands back the same objects while they hold. */
  from: CourseDiagnostic[];
  key: string;
  /** How many of them are errors, warnings and the rest. */
  counts: ProblemCounts;
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
  infos: number;
}

/**
 * Sends only what changed: remembers what each course last published per file, converts and
 * publishes a file again only when its diagnostics differ, and clears files that became clean.
 * A file whose list holds the very diagnostics published last time is not even converted.
 */
export class DiagnosticsPublisher {
  private readonly published = new Map<string, Map<string, Published>>();

  constructor(private readonly send: (uri: string, diagnostics: Diagnostic[]) => void) {}

  /** Publishes a course's diagnostics: `byFile` holds every file that has any. */
  publish(root: string, byFile: Map<string, CourseDiagnostic[]>, positionsOf: (file: string) => Positions | undefined): void {
    const before = this.published.get(root) ?? new Map<string, Published>();
    const after = new Map<string, Published>();
    for (const [file, from] of byFile) this.publishFile(after, file, from, before.get(file), positionsOf);
    for (const [file, last] of before) if (!after.has(file)) this.send(last.uri, []);
    this.published.set(root, after);
  }

  /** Publishes the diagnostics of some files of a course (an empty list clears a file); the other files stay as they are. */
  update(root: string, files: Map<string, CourseDiagnostic[]>, positionsOf: (file: string) => Positions | undefined): void {
    let published = this.published.get(root);
    if (!published) this.published.set(root, (published = new Map()));
    for (const [file, from] of files) {
      const last = published.get(file);
      if (from.length > 0) this.publishFile(published, file, from, last, positionsOf);
      else if (last) {
        published.delete(file);
        this.send(last.uri, []);
      }
    }
  }

  private publishFile(into: Map<string, Published>, file: string, from: CourseDiagnostic[], last: Published | undefined, positionsOf: (file: string) => Positions | undefined): void {
    if (last && sameItems(last.from, from)) {
      into.set(file, last);
      return;
    }
    const diagnostics = toLspDiagnostics(limitFindings(from), positionsOf);
    const key = JSON.stringify(diagnostics);
    const uri = last?.uri ?? fileUri(file);
    const counts = { errors: 0, warnings: 0, infos: 0 };
    for (const d of from) counts[d.severity === 'error' ? 'errors' : d.severity === 'warning' ? 'warnings' : 'infos']++;
    into.set(file, { uri, from, key, counts });
    if (last?.key !== key) this.send(uri, diagnostics);
  }

  /** The problems published, over every course. */
  counts(): ProblemCounts {
    const total = { errors: 0, warnings: 0, infos: 0 };
    for (const files of this.published.values()) {
      for (const { counts } of files.values()) {
        total.errors += counts.errors;
        total.warnings += counts.warnings;
        total.infos += counts.infos;
      }
    }
    return total;
  }

  clear(root: string): void {
    this.publish(root, new Map(), () => undefined);
    this.published.delete(root);
  }
}
