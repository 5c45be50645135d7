import {
  ResponseError,
  ErrorCodes,
  type PrepareRenameParams,
  type RenameFilesParams,
  type RenameParams,
  type TextDocumentEdit,
  type WorkspaceEdit,
  type Range,
} from 'vscode-languageserver';
import {
  isRefusal, qidsMovedWithFolder, renameName, renameQuestion, rewriteQids, type FileEdits,
} from '../../lib/course';
import { targetAt } from './courseTargets';
import { uriToPath, fileUri } from './courseWorkspace';
import { type ServerContext } from './documentContext';

/** Folders under questions/ whose renames the client tells us of before they happen (workspace/willRenameFiles). */
export const QUESTION_FOLDER_FILTER = { scheme: 'file', pattern: { glob: '**/questions/**', matches: 'folder' as const } };

/**
 * The folder moves of our own rename edits. The editor asks willRenameFiles for them too when it
 * applies the edit, after applying its text edits; the uses are rewritten by then, so those moves
 * get no second set of edits (which would be made against text the editor has already changed).
 */
export class OwnMoves {
  private readonly moves = new Map<string, number>();
  /** Long enough for an author to look through the rename's preview. */
  private static readonly KEEP_MS = 10 * 60_000;

  add(from: string, to: string): void {
    this.moves.set(`${from}\n${to}`, Date.now());
  }

  /** Whether the move is one of ours; it is forgotten then. */
  take(from: string, to: string): boolean {
    const key = `${from}\n${to}`;
    const at = this.moves.get(key);
    this.moves.delete(key);
    for (const [k, t] of this.moves) if (Date.now() - t > OwnMoves.KEEP_MS) this.moves.delete(k);
    return at !== undefined && Date.now() - at <= OwnMoves.KEEP_MS;
  }
}

function refuse(message: string): never {
  throw new ResponseError(ErrorCodes.InvalidRequest, message);
}

/** What F2 would rename at the position, or a message saying why nothing can be. */
export function prepareRename(ctx: ServerContext, params: PrepareRenameParams): { range: Range; placeholder: string } {
  const target = targetAt(ctx, params.textDocument.uri, params.position);
  if (!target) refuse('Only a QID, a question, a topic, a tag or an assessment set or module can be renamed here.');
  const { document, thing, value, state } = target;
  if (thing.type === 'qid' && !state.course.questions.has(thing.qid)) refuse(`There is no question "${thing.qid}" in this course to rename.`);
  const range = value
    ? { start: document.positionAt(value.start + 1), end: document.positionAt(value.end - 1) }
    : { start: params.position, end: params.position };
  return { range, placeholder: thing.type === 'qid' ? thing.qid : thing.name };
}

/** One edit renaming a question (its folder, and every assessment entry using it) or a name everywhere. */
export function rename(ctx: ServerContext, params: RenameParams, canMoveFiles: boolean, ownMoves: OwnMoves): WorkspaceEdit {
  const target = targetAt(ctx, params.textDocument.uri, params.position);
  if (!target) refuse('Nothing to rename here.');
  const { state, thing } = target;
  const newName = params.newName.trim();
  if (thing.type === 'name') {
    const edits = renameName(state.course, thing.list, thing.name, newName);
    if (isRefusal(edits)) refuse(edits.refused);
    return { documentChanges: textEdits(ctx, edits) };
  }
  if (!canMoveFiles) refuse('Renaming a question moves its folder, which this editor cannot do through the language server.');
  const plan = renameQuestion(state.course, ctx.workspace.reader, thing.qid, newName);
  if (isRefusal(plan)) refuse(plan.refused);
  const changes: WorkspaceEdit['documentChanges'] = textEdits(ctx, plan.edits);
  changes.push({ kind: 'rename', oldUri: fileUri(plan.move.from), newUri: fileUri(plan.move.to) });
  ownMoves.add(plan.move.from, plan.move.to);
  if (plan.removeFolder) changes.push({ kind: 'delete', uri: fileUri(plan.removeFolder), options: { recursive: true, ignoreIfNotExists: true } });
  return { documentChanges: changes };
}

/** The assessment edits that go with folders being renamed or moved under questions/ (in the Explorer, say). */
export function willRenameFiles(ctx: ServerContext, params: RenameFilesParams, ownMoves: OwnMoves): WorkspaceEdit | null {
  const changes: TextDocumentEdit[] = [];
  for (const { oldUri, newUri } of params.files) {
    const from = uriToPath(oldUri);
    const to = uriToPath(newUri);
    const state = from && ctx.workspace.courseOf(from);
    if (!from || !to || !state || ownMoves.take(from, to)) continue;
    ctx.workspace.refresh(state);
    const moved = qidsMovedWithFolder(state.course, from, to);
    if (moved) changes.push(...textEdits(ctx, rewriteQids(state.course, moved)));
  }
  return changes.length > 0 ? { documentChanges: changes } : null;
}

/** Text edits as versioned document edits: the version of the open document they were made from, else null (the disk). */
function textEdits(ctx: ServerContext, files: FileEdits[]): TextDocumentEdit[] {
  return files.map(({ file, edits }) => {
    const uri = fileUri(file);
    const positions = ctx.workspace.entryOf(file)!.entry.file!;
    return {
      textDocument: { uri, version: ctx.documents.get(uri)?.version ?? null },
      edits: edits.map((e) => ({ range: { start: positions.positionAt(e.start), end: positions.positionAt(e.end) }, newText: e.newText })),
    };
  });
}
