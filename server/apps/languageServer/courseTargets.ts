import * as nodePath from 'node:path';
import type { Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  questionOfFile, usedThingAt, valueContextAt, type InfoEntry, type TextRange, type UsedThing,
} from '../../lib/course';
import type { CourseState } from './courseWorkspace';
import { documentContext, type ServerContext } from './documentContext';
import { uriToPath } from './courseWorkspace';

/** What a position in an open course file is about (see `usedThingAt`), and the value the cursor is on. */
export interface TargetAt {
  document: TextDocument;
  state: CourseState;
  thing: UsedThing;
  /** The string value under the cursor, quotes included, when there is one. */
  value?: TextRange;
}

/** The QID or name at `position` of an info file, or the question a question file (question.html...) belongs to. */
export function targetAt(ctx: ServerContext, uri: string, position: Position): TargetAt | undefined {
  const doc = documentContext(ctx, uri);
  if (doc) {
    const at = valueContextAt(doc.document.getText(), doc.document.offsetAt(position));
    const thing = usedThingAt(doc.state.course, doc.entry, at?.path ?? [], at?.value);
    return thing && { document: doc.document, state: doc.state, thing, value: at?.value !== undefined ? at.replace : undefined };
  }
  const document = ctx.documents.get(uri);
  const path = uriToPath(uri);
  const state = path ? ctx.workspace.courseOf(path) : undefined;
  if (!document || !path || !state || nodePath.basename(path).startsWith('info')) return undefined;
  ctx.workspace.refresh(state);
  const question = questionOfFile(state.course, path);
  return question && { document, state, thing: { type: 'qid', qid: question.id } };
}

/** A range of an info file's text, as the course model holds it. */
export function rangeIn(entry: InfoEntry, range: TextRange): Range {
  const file = entry.file!;
  return { start: file.positionAt(range.start), end: file.positionAt(range.end) };
}
