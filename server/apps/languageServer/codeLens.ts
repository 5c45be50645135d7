import type { CodeLens, CodeLensParams, Command, Range } from 'vscode-languageserver';
import type { UsedThing, NameList } from '../../lib/course';
import { rangeIn } from './courseTargets';
import { documentContext, type ServerContext } from './documentContext';
import { uriToPath } from './courseWorkspace';
import { locationsOf } from './references';

/** VS Code's own command; the client converts its arguments (URI, position, locations) to VS Code's types. */
export const SHOW_REFERENCES = 'editor.action.showReferences';

const LENS_LISTS: NameList[] = ['topics', 'tags'];

interface LensData {
  uri: string;
  thing: UsedThing;
}

/**
 * Lenses saying where things are used: on a question's info.json, by how many assessments; on
 * infoCourse.json, over each topic and tag, by how many questions. The counts come when a lens is
 * resolved (the editor resolves only the ones in view).
 */
export function codeLenses(ctx: ServerContext, params: CodeLensParams): CodeLens[] {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return [];
  const { entry } = doc;
  const uri = params.textDocument.uri;
  if (entry.kind === 'question') {
    const data: LensData = { uri, thing: { type: 'qid', qid: entry.id } };
    return [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, data }];
  }
  if (entry.kind !== 'course' || !entry.file) return [];
  const value = entry.file.value as Record<string, unknown> | undefined;
  const lenses: CodeLens[] = [];
  for (const list of LENS_LISTS) {
    const items = value && typeof value === 'object' && Array.isArray(value[list]) ? (value[list] as unknown[]) : [];
    items.forEach((item, i) => {
      const name = (item as { name?: unknown } | null)?.name;
      if (typeof name !== 'string') return;
      const data: LensData = { uri, thing: { type: 'name', list, name } };
      lenses.push({ range: rangeIn(entry, entry.file!.rangeOf([list, i])), data });
    });
  }
  return lenses;
}

export function resolveCodeLens(ctx: ServerContext, lens: CodeLens): CodeLens {
  const data = lens.data as LensData | undefined;
  const path = data && uriToPath(data.uri);
  const state = path && ctx.workspace.courseOf(path);
  if (!data || !state) return { ...lens, command: { title: '', command: '' } };
  ctx.workspace.refresh(state);
  const locations = locationsOf(state.course, data.thing, false);
  const command: Command = { title: lensTitle(data.thing, locations.length, new Set(locations.map((l) => l.uri)).size), command: '' };
  if (locations.length > 0) {
    command.command = SHOW_REFERENCES;
    command.arguments = [data.uri, (lens.range as Range).start, locations];
  }
  return { ...lens, command };
}

function lensTitle(thing: UsedThing, uses: number, files: number): string {
  if (thing.type === 'qid') {
    if (files === 0) return 'not used by any assessment';
    return `used in ${files} assessment${files === 1 ? '' : 's'}${uses > files ? ` (${uses} times)` : ''}`;
  }
  if (files === 0) return 'no questions';
  return `${files} question${files === 1 ? '' : 's'}`;
}
