import { CompletionItemKind, TextEdit, type CompletionItem, type CompletionList, type CompletionParams } from 'vscode-languageserver';
import { valueCandidates, type ValueCandidate } from '../course/features/valueCandidates';
import { valueContextAt } from '../course/features/valueContext';
import { documentContext, type ServerContext } from './documentContext';

const ITEM_KIND: Record<ValueCandidate['kind'], CompletionItemKind> = {
  question: CompletionItemKind.Reference,
  name: CompletionItemKind.EnumMember,
  file: CompletionItemKind.File,
};

/** Schema completion (properties, enums, defaults) plus the values the course itself offers. */
export async function complete(ctx: ServerContext, params: CompletionParams): Promise<CompletionList | null> {
  const doc = documentContext(ctx, params.textDocument.uri);
  if (!doc) return null;
  const { document, state, entry } = doc;
  const offset = document.offsetAt(params.position);
  const items: CompletionItem[] = [];

  const at = valueContextAt(document.getText(), offset);
  const candidates = at && valueCandidates(state.course, entry, at.path, ctx.workspace.reader);
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
  return { isIncomplete: schemaItems?.isIncomplete ?? false, items };
}
