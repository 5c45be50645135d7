import type { TextDocuments } from 'vscode-languageserver';
import type { Position, TextDocument } from 'vscode-languageserver-textdocument';
import type { InfoEntry } from '../../lib/course';
import { uriToPath, type CourseState, type CourseWorkspace } from './courseWorkspace';
import type { SchemaService } from './schemaService';

/** Runs `work`, logging instead of throwing: a bad file or a bug must not take the server down. */
export type Safely = <T>(what: string, fallback: T, work: () => T) => T;
export type SafelyAsync = <T>(what: string, fallback: T, work: () => Promise<T>) => Promise<T>;

/** The two ways every handler runs its work, logging failures to the client's output. */
export interface Guard {
  safely: Safely;
  safelyAsync: SafelyAsync;
}

/** What request handlers share. */
export interface ServerContext {
  workspace: CourseWorkspace;
  schemas: SchemaService;
  documents: TextDocuments<TextDocument>;
  /** The client takes one edit range for a whole completion list (`CompletionList.itemDefaults`, LSP 3.17). */
  completionEditRangeDefault?: boolean;
  /** Runs a course's waiting check at once, so that its results are those of the current text. */
  settle: (state: CourseState) => void;
}

export interface DocumentContext {
  document: TextDocument;
  state: CourseState;
  /** The document's course entry, brought up to date with the document's text. */
  entry: InfoEntry;
}

/** The open document at `uri` and its place in a course, if it is one of a course's info files. */
export function documentContext(ctx: ServerContext, uri: string): DocumentContext | undefined {
  const document = ctx.documents.get(uri);
  const path = uriToPath(uri);
  if (!document || !path) return undefined;
  // Requests can arrive before the debounced check has applied the latest edits and file events
  // (a file just moved into the course is an entry only after that).
  const state = ctx.workspace.courseOf(path);
  if (!state) return undefined;
  ctx.workspace.refresh(state);
  const entry = ctx.workspace.entryOf(path)?.entry;
  if (!entry) return undefined;
  ctx.workspace.reloadIfEdited(state, entry, document.getText());
  // Nested too deep for the parsers behind every request (the file's one diagnostic says so).
  if (entry.file?.tooDeepAt !== undefined) return undefined;
  return { document, state, entry };
}

/**
 * `position` as a place in `document`: a line or character below 0, past 2^31 or missing (a client
 * that computed it from a text it no longer has) is clamped into the text. vscode-json-languageservice
 * takes a completion's position as the end of the range it replaces, unchecked, and such a position
 * makes it throw ("Range#create called with invalid arguments").
 */
export function positionIn(document: TextDocument, position: Position): Position {
  const whole = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
  return document.positionAt(document.offsetAt({ line: whole(position?.line), character: whole(position?.character) }));
}
