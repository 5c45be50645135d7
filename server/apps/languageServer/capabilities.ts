import { TextDocumentSyncKind, type InitializeParams, type InitializeResult } from 'vscode-languageserver';
import { FIX_ALL_KIND } from './fixAll';
import { QUESTION_FOLDER_FILTER } from './rename';

/** What the client said it can do, as the server uses it. */
export interface ClientAbilities {
  /** Answers workspace/configuration. */
  pullConfiguration: boolean;
  /** Takes a dynamic registration for settings changes. */
  registerConfigurationChanges: boolean;
  /** Reports workspace folders added and removed. */
  hearsFolderChanges: boolean;
  /** Pulls diagnostics (LSP 3.17) rather than having them pushed. */
  pullDiagnostics: boolean;
  /** Takes workspace/diagnostic/refresh. */
  refreshDiagnostics: boolean;
  /** Applies workspace edits that rename files. */
  moveFiles: boolean;
  /** Takes one edit range for a whole completion list (`CompletionList.itemDefaults`). */
  completionEditRangeDefault: boolean;
}

export function readClientAbilities({ capabilities }: InitializeParams): ClientAbilities {
  const workspaceEdit = capabilities.workspace?.workspaceEdit;
  return {
    pullConfiguration: capabilities.workspace?.configuration === true,
    registerConfigurationChanges: capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true,
    hearsFolderChanges: capabilities.workspace?.workspaceFolders === true,
    pullDiagnostics: capabilities.textDocument?.diagnostic !== undefined,
    refreshDiagnostics: capabilities.workspace?.diagnostics?.refreshSupport === true,
    moveFiles: workspaceEdit?.documentChanges === true && (workspaceEdit.resourceOperations?.includes('rename') ?? false),
    completionEditRangeDefault: capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') === true,
  };
}

/** The server's answer to initialize: what it offers this client. */
export function initializeResult(client: ClientAbilities): InitializeResult {
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      // "<" and "." start element and {{params.}} completion in question.html.
      completionProvider: { triggerCharacters: ['"', '/', '<', '.'] },
      hoverProvider: true,
      definitionProvider: true,
      documentLinkProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: ['quickfix', FIX_ALL_KIND] },
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      codeLensProvider: { resolveProvider: true },
      documentSymbolProvider: true,
      workspaceSymbolProvider: true,
      ...(client.pullDiagnostics && { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } }),
      workspace: {
        workspaceFolders: { supported: true, changeNotifications: true },
        fileOperations: { willRename: { filters: [QUESTION_FOLDER_FILTER] } },
      },
    },
    serverInfo: { name: 'PrairieLearn course checker' },
  };
}
