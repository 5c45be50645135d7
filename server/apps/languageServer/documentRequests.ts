import type { Connection } from 'vscode-languageserver';
import { codeActions } from './codeActions';
import { migrateDeprecatedActions } from './migrateDeprecated';
import { complete } from './completion';
import type { ServerContext, Guard } from './documentContext';
import { fixAllAction, wantsFixAll } from './fixAll';
import { hover } from './hover';
import { definition, documentLinks } from './navigation';
import { isQuestionHtml, questionHtmlCodeActions, questionHtmlCompletion, questionHtmlHover } from './questionHtml';

/**
 * The requests about a place in one document: completion, hover, definition, links and code
 * actions, each answered by the info-file or the question.html handler by the document's kind.
 */
export function registerDocumentRequests(connection: Connection, ctx: () => ServerContext, { safely, safelyAsync }: Guard): void {
  connection.onCompletion((params) =>
    isQuestionHtml(params.textDocument.uri)
      ? safely('completion', null, () => questionHtmlCompletion(ctx(), params))
      : safelyAsync('completion', null, () => complete(ctx(), params)),
  );
  connection.onHover((params) =>
    isQuestionHtml(params.textDocument.uri) ? safely('hover', null, () => questionHtmlHover(ctx(), params)) : safelyAsync('hover', null, () => hover(ctx(), params)),
  );
  connection.onDefinition((params) => safely('definition', null, () => definition(ctx(), params)));
  connection.onDocumentLinks((params) => safely('document links', [], () => documentLinks(ctx(), params)));
  connection.onCodeAction((params) =>
    safely('code actions', [], () => {
      if (wantsFixAll(params)) {
        const fixAll = fixAllAction(ctx(), params);
        return fixAll ? [fixAll] : [];
      }
      return isQuestionHtml(params.textDocument.uri) ? questionHtmlCodeActions(ctx(), params) : [...codeActions(ctx(), params), ...migrateDeprecatedActions(ctx(), params)];
    }),
  );
}
