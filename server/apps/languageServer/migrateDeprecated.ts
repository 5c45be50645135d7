import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic, type TextEdit,
} from 'vscode-languageserver';
import type { OffsetEdit } from '../../lib/course';
import { DEPRECATION_SUMMARY, quickFix } from '../../lib/questionHtml';
import { toTextEdit } from './codeActions';
import { documentContext, type DocumentContext, type ServerContext } from './documentContext';
import { fileUri } from './courseWorkspace';
import { SOURCE } from './diagnosticsScheduler';
import { withoutOverlaps } from './fixAll';

/** The migrate-all fixes of the course deprecation notes among the request's diagnostics (infoCourse.json). */
export function migrateDeprecatedActions(ctx: ServerContext, params: CodeActionParams): CodeAction[] {
  const notes = params.context.diagnostics.filter((d) => d.source === SOURCE && d.code === DEPRECATION_SUMMARY.code);
  const doc = notes.length > 0 ? documentContext(ctx, params.textDocument.uri) : undefined;
  if (!doc) return [];
  return notes.flatMap((d) => migrateDeprecatedAction(ctx, doc, d) ?? []);
}

/**
 * The quick fix of the course's deprecation note (infoCourse.json): every deprecated element, attribute
 * and value with a safe rewrite, in every question.html the note counts, in one edit. A file whose text
 * differs from the one checked (offsets would not hold) or a use with no safe rewrite is left as it is.
 */
export function migrateDeprecatedAction(ctx: ServerContext, { state }: DocumentContext, diagnostic: Diagnostic): CodeAction | undefined {
  if (diagnostic.code !== DEPRECATION_SUMMARY.code) return undefined;
  const files = (diagnostic.data as { files?: unknown } | undefined)?.files;
  if (!Array.isArray(files)) return undefined;
  const changes: Record<string, TextEdit[]> = {};
  let count = 0;
  for (const file of files) {
    if (typeof file !== 'string') continue;
    const uri = fileUri(file);
    const text = state.checker.questionFileText(file);
    const open = ctx.documents.get(uri);
    if (text === undefined || (open && open.getText() !== text)) continue;
    const edits: OffsetEdit[] = [];
    let fixes = 0;
    for (const p of ctx.workspace.diagnosticsOf(state, file)) {
      const fix = DEPRECATION_SUMMARY.counts(p.code) ? quickFix(text, p.code, p.range.start, p.data) : undefined;
      if (!fix) continue;
      edits.push(...fix.edits);
      fixes++;
    }
    const kept = withoutOverlaps(edits);
    if (kept.length === 0) continue;
    const document = open ?? TextDocument.create(uri, 'html', 0, text);
    changes[uri] = kept.map((e) => toTextEdit(document, e));
    count += fixes;
  }
  if (count === 0) return undefined;
  const n = Object.keys(changes).length;
  return {
    title: `Migrate ${count} deprecated ${count === 1 ? 'use' : 'uses'} with a safe rewrite in ${n} ${n === 1 ? 'question' : 'questions'}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: { changes },
  };
}
