import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CodeActionParams, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { infoFileFixes, type OffsetEdit } from '../../lib/course';
import { quickFix } from '../../lib/questionHtml';
import { toTextEdit } from './codeActions';
import { documentContext, type ServerContext } from './documentContext';
import { uriToPath, fileUri } from './courseWorkspace';
import { isQuestionHtml } from './questionHtml';

/** Our "fix all" kind: `editor.codeActionsOnSave: { "source.fixAll.prairielearn": "explicit" }` runs it on save. */
export const FIX_ALL_KIND = 'source.fixAll.prairielearn';

/** Whether the request asks for source actions of our fix-all kind (or a kind that holds it). */
export function wantsFixAll(params: CodeActionParams): boolean {
  return params.context.only?.some((kind) => FIX_ALL_KIND === kind || FIX_ALL_KIND.startsWith(kind + '.')) ?? false;
}

/**
 * Every problem of the document that has one safe fix, fixed in one action: new UUIDs and
 * declarations in info files, deprecated elements, attributes and values with a successor in
 * question.html. Works from the course's own latest check, made current first.
 */
export function fixAllAction(ctx: ServerContext, params: CodeActionParams): CodeAction | undefined {
  const uri = params.textDocument.uri;
  const document = ctx.documents.get(uri);
  const path = uriToPath(uri);
  const state = path ? ctx.workspace.courseOf(path) : undefined;
  if (!document || !path || !state) return undefined;
  ctx.settle(state);
  const problems = ctx.workspace.diagnosticsOf(state, path);
  const text = document.getText();
  const edit: WorkspaceEdit = { changes: {} };

  if (isQuestionHtml(uri)) {
    // Offsets hold only for the text that was checked.
    if (state.checker.questionFileText(path) !== text) return undefined;
    const edits: OffsetEdit[] = [];
    for (const p of problems) edits.push(...(quickFix(text, p.code, p.range.start, p.data)?.edits ?? []));
    const kept = withoutOverlaps(edits);
    if (kept.length > 0) edit.changes![uri] = kept.map((e) => toTextEdit(document, e));
  } else {
    if (!documentContext(ctx, uri)) return undefined;
    const info = state.course.info;
    const infoUri = fileUri(info.path);
    let infoText: string | undefined;
    try {
      infoText = ctx.workspace.reader.readText(info.path);
    } catch {
      infoText = undefined;
    }
    // The infoCourse.json being fixed gets its declarations together with its own edits.
    const fixes = infoFileFixes(text, infoUri === uri ? undefined : infoText, problems);
    if (fixes.own.length > 0) edit.changes![uri] = fixes.own.map((e) => toTextEdit(document, e));
    if (fixes.infoCourse && infoText !== undefined) {
      const infoDocument = ctx.documents.get(infoUri) ?? TextDocument.create(infoUri, 'json', 0, infoText);
      edit.changes![infoUri] = [toTextEdit(infoDocument, fixes.infoCourse)];
    }
  }
  const count = Object.values(edit.changes!).reduce((n, list: TextEdit[]) => n + list.length, 0);
  if (count === 0) return undefined;
  return { title: 'Fix all PrairieLearn problems that have a safe fix', kind: FIX_ALL_KIND, edit };
}

/** The edits that do not overlap an earlier one, in order. */
export function withoutOverlaps(edits: OffsetEdit[]): OffsetEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: OffsetEdit[] = [];
  for (const e of sorted) if (kept.length === 0 || e.start >= kept[kept.length - 1].end) kept.push(e);
  return kept;
}
