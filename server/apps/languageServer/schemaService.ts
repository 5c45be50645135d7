import {
  getLanguageService,
  type ClientCapabilities,
  type JSONDocument,
  type LanguageService,
} from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SCHEMAS, type InfoKind } from '../../lib/course';

const KINDS = Object.keys(SCHEMAS) as InfoKind[];

/**
 * vscode-json-languageservice with PrairieLearn's four schemas, chosen by the kind of info file
 * the course model says a document is (never by a "$schema" property, which PrairieLearn rejects,
 * nor by file name: an info.json outside questions/ is not a question). Each document is handed
 * to the service under a stand-in URI that names its kind.
 */
export class SchemaService {
  private readonly service: LanguageService;
  private readonly parsed = new Map<string, { version: number; kind: InfoKind; document: TextDocument; json: JSONDocument }>();

  constructor(clientCapabilities: ClientCapabilities) {
    this.service = getLanguageService({
      schemaRequestService: (uri) => Promise.reject(new Error(`PrairieLearn schemas are built in; ${uri} is not loaded`)),
      clientCapabilities,
    });
    this.service.configure({
      validate: false,
      allowComments: false,
      schemas: KINDS.map((kind) => ({ uri: schemaUri(kind), fileMatch: [`prairielearn-kind/${kind}`], schema: SCHEMAS[kind] })),
    });
  }

  get languageService(): LanguageService {
    return this.service;
  }

  /** The stand-in document for `document` and its parse, reused while the document's version is unchanged. */
  parse(document: TextDocument, kind: InfoKind): { document: TextDocument; json: JSONDocument } {
    const cached = this.parsed.get(document.uri);
    if (cached && cached.version === document.version && cached.kind === kind) return cached;
    const standIn = TextDocument.create(`prairielearn:/prairielearn-kind/${kind}`, 'json', document.version, document.getText());
    const entry = { version: document.version, kind, document: standIn, json: this.service.parseJSONDocument(standIn) };
    this.parsed.set(document.uri, entry);
    return entry;
  }

  forget(uri: string): void {
    this.parsed.delete(uri);
  }
}

function schemaUri(kind: InfoKind): string {
  return `prairielearn:/schemas/${kind}.json`;
}
