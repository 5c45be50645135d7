import type { DefinitionParams, DocumentLink, DocumentLinkParams, LocationLink, Range } from 'vscode-languageserver';
import {
  findEntryByPath, referenceLinks, referenceTarget, valueContextAt, type ReferenceTarget,
} from '../../lib/course';
import type { CourseState } from './courseWorkspace';
import { documentContext, type ServerContext } from './documentContext';
import { fileUri } from './courseWorkspace';

/** Go to definition: a QID to its question's info.json, a dependency to its file, a name to its declaration. */
export function definition(ctx: ServerContext, params: DefinitionParams): LocationLink[] | null {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return null;
  const { document, state, entry } = doc;
  const at = valueContextAt(document.getText(), document.offsetAt(params.position));
  if (at?.value === undefined) return null;
  const target = referenceTarget(state.course, entry, at.path, at.value, ctx.workspace.reader);
  if (!target) return null;
  const range = targetRange(state, target);
  return [
    {
      originSelectionRange: { start: document.positionAt(at.replace.start), end: document.positionAt(at.replace.end) },
      targetUri: fileUri(target.file),
      targetRange: range,
      targetSelectionRange: range,
    },
  ];
}

/** Links over every QID and dependency path that names an existing file. */
export function documentLinks(ctx: ServerContext, params: DocumentLinkParams): DocumentLink[] {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return [];
  const { document, state, entry } = doc;
  return referenceLinks(state.course, entry, ctx.workspace.reader).map((link) => ({
    range: { start: document.positionAt(link.range.start), end: document.positionAt(link.range.end) },
    target: fileUri(link.file),
  }));
}

function targetRange(state: CourseState, target: ReferenceTarget): Range {
  const file = target.range && findEntryByPath(state.course, target.file)?.file;
  if (!file || !target.range) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { start: file.positionAt(target.range.start), end: file.positionAt(target.range.end) };
}
