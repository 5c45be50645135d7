import type { Location, ReferenceParams } from 'vscode-languageserver';
import { nameDeclaration, usesOf, type Course, type UsedThing } from '../../lib/course';
import { rangeIn, targetAt } from './courseTargets';
import type { ServerContext } from './documentContext';
import { fileUri } from './courseWorkspace';

const FILE_START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Find All References: every assessment entry using a question, every use of a topic, tag or set. */
export function references(ctx: ServerContext, params: ReferenceParams): Location[] | null {
  const target = targetAt(ctx, params.textDocument.uri, params.position);
  if (!target) return null;
  return locationsOf(target.state.course, target.thing, params.context.includeDeclaration);
}

/** The uses of `thing` as locations, with its declaration (a question's info.json, a name in infoCourse.json) first when asked. */
export function locationsOf(course: Course, thing: UsedThing, includeDeclaration: boolean): Location[] {
  const out: Location[] = [];
  if (includeDeclaration) {
    if (thing.type === 'qid') {
      const question = course.questions.get(thing.qid);
      if (question) out.push({ uri: fileUri(question.path), range: FILE_START });
    } else {
      const declared = nameDeclaration(course, thing.list, thing.name);
      if (declared) out.push({ uri: fileUri(declared.entry.path), range: rangeIn(declared.entry, declared.range) });
    }
  }
  for (const use of usesOf(course, thing)) out.push({ uri: fileUri(use.entry.path), range: rangeIn(use.entry, use.range) });
  return out;
}
