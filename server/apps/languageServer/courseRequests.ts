import type { Connection } from 'vscode-languageserver';
import { codeLenses, resolveCodeLens } from './codeLens';
import type { ServerContext, Safely } from './documentContext';
import { references } from './references';
import { OwnMoves, prepareRename, rename, willRenameFiles } from './rename';
import { documentSymbols, workspaceSymbols } from './symbols';

/**
 * The requests about a course as a whole: references, code lenses, rename (also of question folders
 * renamed in the Explorer) and symbols. Refusals (a rename onto an existing QID) are errors the
 * editor shows, so they pass through; anything else unexpected is logged.
 */
export function registerCourseRequests(connection: Connection, ctx: () => ServerContext, safely: Safely, canMoveFiles: () => boolean): void {
  const ownMoves = new OwnMoves();
  connection.onReferences((params) => safely('references', null, () => references(ctx(), params)));
  connection.onCodeLens((params) => safely('code lenses', [], () => codeLenses(ctx(), params)));
  connection.onCodeLensResolve((lens) => safely('code lens', lens, () => resolveCodeLens(ctx(), lens)));
  connection.onPrepareRename((params) => prepareRename(ctx(), params));
  connection.onRenameRequest((params) => rename(ctx(), params, canMoveFiles(), ownMoves));
  connection.workspace.onWillRenameFiles((params) => safely('renaming files', null, () => willRenameFiles(ctx(), params, ownMoves)));
  connection.onDocumentSymbol((params) => safely('document symbols', [], () => documentSymbols(ctx(), params)));
  connection.onWorkspaceSymbol((params) => safely('workspace symbols', [], () => workspaceSymbols(ctx(), params)));
}
