import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver';
import { DECLARATION_LIST, declareNamesEdit, type DeclarableKind } from '../course/features/declareName';
import { uuidEdit } from '../course/features/newUuid';
import type { OffsetEdit } from '../course/features/textEdits';
import { documentContext, type DocumentContext, type ServerContext } from './documentContext';
import { fileUri, SOURCE } from './lspDiagnostics';

const UUID_CODES = new Set(['uuid-missing', 'uuid-invalid', 'duplicate-uuid']);

/** Quick fixes: a new UUID, or declaring an undeclared name (or all of a kind) in infoCourse.json. */
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
  const data = diagnostic.data as { kind?: unknown; name?: unknown; names?: unknown } | undefined;
  const kind = diagnostic.code === 'undeclared-sharing-set' ? 'sharingSet' : data?.kind;
  // One name (a use), or every undeclared name of the kind (the note in infoCourse.json).
  const names = typeof data?.name === 'string' ? [data.name] : Array.isArray(data?.names) ? data.names.filter((n): n is string => typeof n === 'string') : [];
  if (names.length === 0 || typeof kind !== 'string' || !(kind in DECLARATION_LIST)) return undefined;
  const info = state.course.info;
  const uri = fileUri(info.path);
  const open = ctx.documents.get(uri);
  let text: string;
  try {
    text = open?.getText() ?? ctx.workspace.reader.readText(info.path);
  } catch {
    return undefined;
  }
  const edit = declareNamesEdit(text, kind as DeclarableKind, names);
  if (!edit) return undefined;
  const infoDocument = open ?? TextDocument.create(uri, 'json', 0, text);
  const list = DECLARATION_LIST[kind as DeclarableKind];
  return {
    title: typeof data?.name === 'string' ? `Declare "${data.name}" in ${list} of infoCourse.json` : `Declare all ${names.length} in ${list} of infoCourse.json`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: true,
    edit: { changes: { [uri]: [toTextEdit(infoDocument, edit)] } },
  };
}

function toTextEdit(document: TextDocument, edit: OffsetEdit) {
  return { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, newText: edit.newText };
}
