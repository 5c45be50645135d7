import * as nodePath from 'node:path';
import {
  CodeActionKind,
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type CodeAction,
  type CodeActionParams,
  type CompletionItem,
  type CompletionList,
  type CompletionParams,
  type Hover,
  type HoverParams,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  completeAt, hoverAt, questionContext, ServerPyCache, quickFix, type CompletionKind, type QuestionContext,
} from '../../lib/questionHtml';
import { uriToPath } from './courseWorkspace';
import { type ServerContext } from './documentContext';
import { SOURCE } from './diagnosticsScheduler';

/** Whether a document is a question's question.html (its editing help lives here). */
export function isQuestionHtml(uri: string): boolean {
  return uri.endsWith('/question.html');
}

const KIND: Record<CompletionKind, CompletionItemKind> = {
  element: CompletionItemKind.Class,
  attribute: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
  file: CompletionItemKind.File,
  param: CompletionItemKind.Variable,
};

/** The open question.html and what the editing help may know about its question and course. */
function context(ctx: ServerContext, uri: string): { document: TextDocument; question: QuestionContext } | undefined {
  const document = ctx.documents.get(uri);
  const path = uriToPath(uri);
  if (!document || !path) return undefined;
  const questionDir = nodePath.dirname(path);
  const reader = ctx.workspace.reader;
  const state = ctx.workspace.courseOf(path);
  // Outside a course there is no cache to keep a scan in.
  const serverPy = state?.serverPy ?? new ServerPyCache();
  const question = questionContext(state?.root, questionDir, reader, { serverPy: (dir) => serverPy.names(dir, reader, !!state) });
  return { document, question };
}

export function questionHtmlCompletion(ctx: ServerContext, params: CompletionParams): CompletionList | null {
  const found = context(ctx, params.textDocument.uri);
  if (!found) return null;
  const { document, question } = found;
  const completions = completeAt(document.getText(), document.offsetAt(params.position), question);
  if (!completions) return null;
  const range = { start: document.positionAt(completions.start), end: document.positionAt(completions.end) };
  const items = completions.items.map(
    (c, i): CompletionItem => ({
      label: c.label,
      kind: KIND[c.kind],
      detail: c.detail,
      documentation: c.documentation ? { kind: MarkupKind.Markdown, value: c.documentation } : undefined,
      textEdit: { range, newText: c.insert },
      insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      sortText: String(i).padStart(4, '0'),
    }),
  );
  return { isIncomplete: false, items };
}

export function questionHtmlHover(ctx: ServerContext, params: HoverParams): Hover | null {
  const found = context(ctx, params.textDocument.uri);
  if (!found) return null;
  const { document, question } = found;
  const info = hoverAt(document.getText(), document.offsetAt(params.position), question);
  if (!info) return null;
  return { contents: { kind: MarkupKind.Markdown, value: info.markdown }, range: { start: document.positionAt(info.start), end: document.positionAt(info.end) } };
}

export function questionHtmlCodeActions(ctx: ServerContext, params: CodeActionParams): CodeAction[] {
  const document = ctx.documents.get(params.textDocument.uri);
  if (!document) return [];
  const text = document.getText();
  const actions: CodeAction[] = [];
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== SOURCE) continue;
    const fix = quickFix(text, String(diagnostic.code), document.offsetAt(diagnostic.range.start), diagnostic.data as Record<string, unknown> | undefined);
    if (!fix) continue;
    actions.push({
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: { changes: { [document.uri]: fix.edits.map((e) => ({ range: { start: document.positionAt(e.start), end: document.positionAt(e.end) }, newText: e.newText })) } },
    });
  }
  return actions;
}
