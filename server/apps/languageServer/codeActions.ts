import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver';
import {
  declaredNames, DECLARATION_LIST, declareNamesEdit, declarationOf, UUID_CODES, nearestName, uuidEdit,
  qidCandidates, type OffsetEdit,
} from '../../lib/course';
import { documentContext, type DocumentContext, type ServerContext } from './documentContext';
import { fileUri } from './courseWorkspace';
import { SOURCE } from './diagnosticsScheduler';

/** Quick fixes: a new UUID, declaring an undeclared name (or all of a kind) in infoCourse.json, or the existing name meant. */
export function codeActions(ctx: ServerContext, params: CodeActionParams): CodeAction[] {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return [];
  const actions: CodeAction[] = [];
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== SOURCE) continue;
    const action = UUID_CODES.has(String(diagnostic.code)) ? newUuidAction(doc, diagnostic) : declareAction(ctx, doc, diagnostic);
    if (action) actions.push(action);
    const meant = didYouMeanAction(doc, diagnostic);
    if (meant) actions.push(meant);
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
  const wanted = declarationOf({ code: String(diagnostic.code), data: diagnostic.data });
  if (!wanted) return undefined;
  const info = state.course.info;
  const uri = fileUri(info.path);
  const open = ctx.documents.get(uri);
  let text: string;
  try {
    text = open?.getText() ?? ctx.workspace.reader.readText(info.path);
  } catch {
    return undefined;
  }
  const edit = declareNamesEdit(text, wanted.kind, wanted.names);
  if (!edit) return undefined;
  const infoDocument = open ?? TextDocument.create(uri, 'json', 0, text);
  const list = DECLARATION_LIST[wanted.kind];
  return {
    title: wanted.all ? `Declare all ${wanted.names.length} in ${list} of infoCourse.json` : `Declare "${wanted.names[0]}" in ${list} of infoCourse.json`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    // A near existing name may be what was meant: then neither fix is the obvious one.
    isPreferred: !nearestFor(state.course, diagnostic),
    edit: { changes: { [uri]: [toTextEdit(infoDocument, edit)] } },
  };
}

/** "Did you mean": the nearest existing QID, topic or tag to an unknown one. */
function didYouMeanAction({ document, state }: DocumentContext, diagnostic: Diagnostic): CodeAction | undefined {
  const found = nearestFor(state.course, diagnostic);
  if (!found) return undefined;
  const start = document.offsetAt(diagnostic.range.start);
  const end = document.offsetAt(diagnostic.range.end);
  // Only where the diagnostic still marks the unknown value (the text may have changed since the check).
  if (document.getText().slice(start, end) !== JSON.stringify(found.wanted)) return undefined;
  return {
    title: `Change to "${found.suggestion}"`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: { changes: { [document.uri]: [{ range: diagnostic.range, newText: JSON.stringify(found.suggestion) }] } },
  };
}

function nearestFor(course: DocumentContext['state']['course'], diagnostic: Diagnostic): { wanted: string; suggestion: string } | undefined {
  const data = diagnostic.data as { qid?: unknown; kind?: unknown; name?: unknown } | undefined;
  let wanted: unknown;
  let names: Iterable<string>;
  if (diagnostic.code === 'question-not-found') {
    wanted = data?.qid;
    names = qidCandidates(course).map((c) => c.value);
  } else if (diagnostic.code === 'undeclared-topic' || diagnostic.code === 'undeclared-tag') {
    wanted = data?.name;
    names = declaredNames(course, diagnostic.code === 'undeclared-topic' ? 'topics' : 'tags').map((n) => n.name);
  } else return undefined;
  if (typeof wanted !== 'string') return undefined;
  const suggestion = nearestName(wanted, names);
  return suggestion ? { wanted, suggestion } : undefined;
}

export function toTextEdit(document: TextDocument, edit: OffsetEdit) {
  return { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, newText: edit.newText };
}
