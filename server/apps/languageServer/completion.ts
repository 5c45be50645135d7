import {
  CompletionItemKind, TextEdit, type CompletionItem, type CompletionList, type CompletionParams,
} from 'vscode-languageserver';
import { valueCandidates, valueContextAt, type ValueCandidate } from '../../lib/course';
import { documentContext, positionIn, type ServerContext } from './documentContext';

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
/** The sort texts that keep the course's own values in their order, made once rather than per request. */
const SORT_TEXTS: string[] = [];

/** Schema completion (properties, enums, defaults) plus the values the course itself offers. */
export async function complete(ctx: ServerContext, params: CompletionParams): Promise<CompletionList | null> {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return null;
  const { document, state, entry } = doc;
  const position = positionIn(document, params.position);
  const offset = document.offsetAt(position);
  const items: CompletionItem[] = [];

  const text = document.getText();
  const at = valueContextAt(text, offset);
  let candidates = at && valueCandidates(state.course, entry, at.path, ctx.workspace.reader);
  let incomplete = false;
  if (at && candidates && candidates.length > MAX_VALUE_ITEMS) {
    const typed = text.slice(at.replace.start, offset).replace(/^"/, '').toLowerCase();
    const kept: ValueCandidate[] = [];
    for (let i = 0; i < candidates.length && kept.length < MAX_VALUE_ITEMS; i++) {
      if (matchesInOrder(typed, candidates[i].value.toLowerCase())) kept.push(candidates[i]);
    }
    candidates = kept;
    incomplete = true;
  }
  const { document: standIn, json } = ctx.schemas.parse(document, entry.kind);
  const schemaList = await ctx.schemas.languageService.doComplete(standIn, position, json);
  const schemaItems = schemaList?.items ?? [];

  let itemDefaults: CompletionList['itemDefaults'];
  if (at && candidates) {
    const range = { start: document.positionAt(at.replace.start), end: document.positionAt(at.replace.end) };
    // One range for the whole list when the client takes it (a list of 500 QIDs is a third
    // smaller), unless a schema item without its own edit would take it too.
    if (ctx.completionEditRangeDefault && schemaItems.every((item) => item.textEdit)) itemDefaults = { editRange: range };
    candidates.forEach((c, i) => {
      const quoted = JSON.stringify(c.value);
      const item: CompletionItem = { label: c.value, kind: ITEM_KIND[c.kind], detail: c.detail, filterText: quoted, sortText: (SORT_TEXTS[i] ??= String(i).padStart(6, '0')) };
      if (itemDefaults) item.textEditText = quoted;
      else item.textEdit = TextEdit.replace(range, quoted);
      items.push(item);
    });
  }
  if (schemaItems.length > 0) {
    const ours = new Set(items.map((i) => i.label));
    for (const item of schemaItems) if (!ours.has(item.label)) items.push(item);
  }
  const list: CompletionList = { isIncomplete: incomplete || (schemaList?.isIncomplete ?? false), items };
  if (itemDefaults) list.itemDefaults = itemDefaults;
  return list;
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
