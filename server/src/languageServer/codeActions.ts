import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver';
import { DECLARATION_LIST, declareNameEdit, type DeclarableKind } from '../course/features/declareName';
import { uuidEdit } from '../course/features/newUuid';
import type { OffsetEdit } from '../course/features/textEdits';
import { documentContext, type DocumentContext, type ServerContext } from './documentContext';
import { fileUri, SOURCE } from './lspDiagnostics';

const UUID_CODES = new Set(['uuid-missing', 'uuid-invalid', 'duplicate-uuid']);

/** Quick fixes: a new UUID, or declaring an undeclared name in infoCourse.json. */
export function codeActions(ctx: ServerContext, params: CodeActionParams): CodeAction[] {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return [];
  const actions: CodeAction[] = [];
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== SOURCE) continue;
    const action = UUID_CODES.has(String(diagnostic.code)) ? newUuidAction(doc, diagnostic) : declareAction(ctx, doc, diagnostic);
    if (action) actions.push(action);
  }
  return actions;
}

function newUuidAction({ document }: DocumentContext, diagnostic: Diagnostic): CodeAction {
  return {
    title: 'Generate a new UUID',
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: true,
    edit: { changes: { [document.uri]: [toTextEdit(document, uuidEdit(document.getText()))] } },
  };
}

function declareAction(ctx: ServerContext, { state }: DocumentContext, diagnostic: Diagnostic): CodeAction | undefined {
  const data = diagnostic.data as { kind?: unknown; name?: unknown } | undefined;
  const kind = diagnostic.code === 'undeclared-sharing-set' ? 'sharingSet' : data?.kind;
  if (typeof data?.name !== 'string' || typeof kind !== 'string' || !(kind in DECLARATION_LIST)) return undefined;
  const info = state.course.info;
  let text: string;
  try {
    text = ctx.workspace.reader.readText(info.path);
  } catch {
    return undefined;
  }
  const edit = declareNameEdit(text, kind as DeclarableKind, data.name);
  if (!edit) return undefined;
  const uri = fileUri(info.path);
  const infoDocument = ctx.documents.get(uri) ?? TextDocument.create(uri, 'json', 0, text);
  return {
    title: `Declare "${data.name}" in ${DECLARATION_LIST[kind as DeclarableKind]} of infoCourse.json`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: true,
    edit: { changes: { [uri]: [toTextEdit(infoDocument, edit)] } },
  };
}

function toTextEdit(document: TextDocument, edit: OffsetEdit) {
  return { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, newText: edit.newText };
}
