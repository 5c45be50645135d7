import * as jsonc from 'jsonc-parser';
import { MarkupKind, type Hover, type HoverParams, type MarkedString, type MarkupContent } from 'vscode-languageserver';
import { describeReference, propertyNote, valueContextAt } from '../../lib/course';
import { documentContext, positionIn, type ServerContext } from './documentContext';

/** The schema's description, plus how the setting behaves and what a referenced name stands for. */
export async function hover(ctx: ServerContext, params: HoverParams): Promise<Hover | null> {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return null;
  const { document, state, entry } = doc;
  const text = document.getText();
  const position = positionIn(document, params.position);
  const offset = document.offsetAt(position);

  const { document: standIn, json } = ctx.schemas.parse(document, entry.kind);
  const schemaHover = await ctx.schemas.languageService.doHover(standIn, position, json);
  const parts = schemaHover ? markdownOf(schemaHover.contents) : [];

  const note = propertyNote(entry.kind, jsonc.getLocation(text, offset).path);
  if (note) parts.push(note);
  const at = valueContextAt(text, offset);
  const about = at?.value !== undefined ? describeReference(state.course, entry, at.path, at.value) : undefined;
  if (about) parts.push(about);

  if (parts.length === 0) return null;
  const hover: Hover = { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n') } };
  if (schemaHover?.range) hover.range = schemaHover.range;
  return hover;
}

function markdownOf(contents: MarkupContent | MarkedString | MarkedString[]): string[] {
  const list = Array.isArray(contents) ? contents : [contents];
  return list
    .map((c) => (typeof c === 'string' ? c : 'kind' in c ? c.value : '```' + c.language + '\n' + c.value + '\n```'))
    .filter((s) => s.trim().length > 0);
}
