import {
  SymbolKind, type DocumentSymbol, type DocumentSymbolParams, type SymbolInformation,
  type WorkspaceSymbolParams,
} from 'vscode-languageserver';
import {
  documentSymbols as outline, workspaceSymbols as courseSymbols, type OutlineSymbol,
  type SymbolKind as OutlineKind, type CourseSymbol,
} from '../../lib/course';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { documentContext, type ServerContext } from './documentContext';
import { fileUri } from './courseWorkspace';

const OUTLINE_KIND: Record<OutlineKind, SymbolKind> = {
  zone: SymbolKind.Namespace,
  question: SymbolKind.Class,
  pool: SymbolKind.Array,
  accessRule: SymbolKind.Event,
  list: SymbolKind.Array,
  name: SymbolKind.EnumMember,
  property: SymbolKind.Property,
};

const ENTITY_KIND: Record<CourseSymbol['kind'], SymbolKind> = {
  question: SymbolKind.Class,
  assessment: SymbolKind.Module,
  courseInstance: SymbolKind.Package,
};

/** The Outline and breadcrumbs of an info file. */
export function documentSymbols(ctx: ServerContext, params: DocumentSymbolParams): DocumentSymbol[] {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return [];
  const toLsp = (s: OutlineSymbol): DocumentSymbol => ({
    name: s.name,
    detail: s.detail,
    kind: OUTLINE_KIND[s.kind],
    range: rangeOf(doc.document, s.range),
    selectionRange: rangeOf(doc.document, s.selectionRange),
    children: s.children?.map(toLsp),
  });
  return outline(doc.entry).map(toLsp);
}

const FILE_START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Go to Symbol in Workspace: questions, assessments and course instances by id or title. */
export function workspaceSymbols(ctx: ServerContext, params: WorkspaceSymbolParams): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  for (const state of ctx.workspace.states()) {
    ctx.workspace.refresh(state);
    for (const s of courseSymbols(state.course, params.query)) {
      out.push({ name: s.name, kind: ENTITY_KIND[s.kind], containerName: s.container, location: { uri: fileUri(s.file), range: FILE_START } });
    }
  }
  return out;
}

function rangeOf(document: TextDocument, range: { start: number; end: number }) {
  return { start: document.positionAt(range.start), end: document.positionAt(range.end) };
}
