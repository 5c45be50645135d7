import { CompletionItemKind, TextEdit, type CompletionItem, type CompletionList, type CompletionParams } from 'vscode-languageserver';
import { valueCandidates, type ValueCandidate } from '../course/features/valueCandidates';
import { valueContextAt } from '../course/features/valueContext';
import { documentContext, type ServerContext } from './documentContext';

const ITEM_KIND: Record<ValueCandidate['kind'], CompletionItemKind> = {
  question: CompletionItemKind.Reference,
  name: CompletionItemKind.EnumMember,
  file: CompletionItemKind.File,
};

/**
 * More values than a completion list can usefully show (a course's QIDs can number 10,000): past
 * this, only matches of what is typed are sent, and the list is marked incomplete so that the
 * editor asks again as the user types. Sending everything costs tens of milliseconds per keystroke.
 */
const MAX_VALUE_ITEMS = 500;

/** Schema completion (properties, enums, defaults) plus the values the course itself offers. */
export async function complete(ctx: ServerContext, params: CompletionParams): Promise<CompletionList | null> {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return null;
  const { document, state, entry } = doc;
  const offset = document.offsetAt(params.position);
  const items: CompletionItem[] = [];

  const text = document.getText();
  const at = valueContextAt(text, offset);
  let candidates = at && valueCandidates(state.course, entry, at.path, ctx.workspace.reader);
  let incomplete = false;
  if (at && candidates && candidates.length > MAX_VALUE_ITEMS) {
    const typed = text.slice(at.replace.start, offset).replace(/^"/, '').toLowerCase();
    candidates = candidates.filter((c) => matchesInOrder(typed, c.value.toLowerCase())).slice(0, MAX_VALUE_ITEMS);
    incomplete = true;
  }
  if (at && candidates) {
    const range = { start: document.positionAt(at.replace.start), end: document.positionAt(at.replace.end) };
    candidates.forEach((c, i) => {
      const quoted = JSON.stringify(c.value);
      items.push({
        label: c.value,
        kind: ITEM_KIND[c.kind],
        detail: c.detail,
        textEdit: TextEdit.replace(range, quoted),
        filterText: quoted,
        sortText: String(i).padStart(6, '0'),
      });
    });
  }

  const { document: standIn, json } = ctx.schemas.parse(document, entry.kind);
  const schemaItems = await ctx.schemas.languageService.doComplete(standIn, params.position, json);
  const ours = new Set(items.map((i) => i.label));
  for (const item of schemaItems?.items ?? []) if (!ours.has(item.label)) items.push(item);
  return { isIncomplete: incomplete || (schemaItems?.isIncomplete ?? false), items };
}

/** Whether the characters of `typed` appear in `value` in order, as editors match completions. */
function matchesInOrder(typed: string, value: string): boolean {
  let at = 0;
  for (const ch of typed) {
    at = value.indexOf(ch, at) + 1;
    if (at === 0) return false;
  }
  return true;
}
