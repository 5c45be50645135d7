// Who we talk to: the configured server with its stored token, or (while it runs) the local reference
// server. Sign in / sign out, and the context keys that pick the view's welcome message.
import * as vscode from 'vscode';
import { PrairieLearnClient } from '../api/client';
import { DEFAULT_SERVER_URL, normalizeServerUrl } from '../api/serverUrl';
import { TokenStore } from './tokenStore';

export interface Session {
  serverUrl: string;
  client: PrairieLearnClient;
  /** Set for the local reference server: its course instances, instead of the setting's. */
  local?: { courseId?: string; courseInstanceIds: string[] };
}

export class Auth implements vscode.Disposable {
  private readonly tokens: TokenStore;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private local?: { serverUrl: string; token: string; courseId?: string; courseInstanceIds: string[] };
  private cached?: { key: string; client: PrairieLearnClient };
  private unauthorizedPrompted = false;
  /** Hosts the user chose to send a token to over plain http, this session. */
  private readonly plainHttpHosts = new Set<string>();
  /** Last value given to the prairielearn.signedIn context key. */
  private signedIn?: boolean;

  constructor(
    secrets: vscode.SecretStorage,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.tokens = new TokenStore(secrets);
  }

  /** The configured server URL, normalized; the default when the setting is empty or unusable. */
  configuredServerUrl(): string {
    const raw = vscode.workspace.getConfiguration('prairielearn').get<string>('serverUrl') || DEFAULT_SERVER_URL;
    try {
      return normalizeServerUrl(raw);
    } catch {
      return DEFAULT_SERVER_URL;
    }
  }

  async session(): Promise<Session | undefined> {
    if (this.local) {
      const { serverUrl, token, courseId, courseInstanceIds } = this.local;
      return { serverUrl, client: this.client(serverUrl, token), local: { courseId, courseInstanceIds } };
    }
    const serverUrl = this.configuredServerUrl();
    const token = await this.tokens.get(serverUrl);
    if (this.signedIn !== !!token) {
      this.signedIn = !!token;
      await vscode.commands.executeCommand('setContext', 'prairielearn.signedIn', this.signedIn);
    }
    return token ? { serverUrl, client: this.client(serverUrl, token) } : undefined;
  }

  private client(serverUrl: string, token: string): PrairieLearnClient {
    const key = `${serverUrl}\n${token}`;
    if (this.cached?.key !== key)
      this.cached = { key, client: new PrairieLearnClient({ serverUrl, token, log: (line) => this.log.debug(line), confirmPlainHttp: (host) => this.confirmPlainHttp(host) }) };
    return this.cached.client;
  }

  /** Asked before a token goes to another machine over plain http; a yes holds for the session. */
  private async confirmPlainHttp(host: string): Promise<boolean> {
    if (this.plainHttpHosts.has(host)) return true;
    const send = 'Send Anyway';
    const choice = await vscode.window.showWarningMessage(
      `${host} is a plain http address: your PrairieLearn token would cross the network unencrypted. Use the server's https:// address instead.`,
      { modal: true },
      send,
    );
    if (choice === send) this.plainHttpHosts.add(host);
    return choice === send;
  }

  /** Asks for the server URL and a token, checks the token with a request, then keeps it. */
  async signIn(): Promise<boolean> {
    const input = await vscode.window.showInputBox({
      title: 'Sign in to PrairieLearn (1/2)',
      prompt: 'PrairieLearn server',
      value: this.configuredServerUrl(),
      ignoreFocusOut: true,
      validateInput: (value) => {
        try {
          normalizeServerUrl(value);
          return undefined;
        } catch (err) {
          return (err as Error).message;
        }
      },
    });
    if (input === undefined) return false;
    const serverUrl = normalizeServerUrl(input);
    for (;;) {
      const token = await vscode.window.showInputBox({
        title: 'Sign in to PrairieLearn (2/2)',
        prompt: `Personal access token for ${serverUrl} (create one in PrairieLearn under your name > Settings > Personal Access Tokens)`,
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : 'Paste the token here'),
      });
      if (token === undefined) return false;
      try {
        await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Checking the token with ${new URL(serverUrl).host}…`, cancellable: true },
          (_progress, cancel) => {
            const controller = new AbortController();
            cancel.onCancellationRequested(() => controller.abort());
            return this.tokens.verifyAndStore(serverUrl, token, { log: (line) => this.log.debug(line), confirmPlainHttp: (host) => this.confirmPlainHttp(host) }, controller.signal);
          },
        );
      } catch (err) {
        const again = await vscode.window.showErrorMessage(`Sign-in failed: ${(err as Error).message}`, 'Try Again');
        if (again) continue;
        return false;
      }
      break;
    }
    if (serverUrl !== this.configuredServerUrl())
      await vscode.workspace.getConfiguration('prairielearn').update('serverUrl', serverUrl, vscode.ConfigurationTarget.Global);
    this.local = undefined;
    this.unauthorizedPrompted = false;
    this.log.info(`Signed in to ${serverUrl}`);
    void vscode.window.showInformationMessage(`Signed in to PrairieLearn at ${serverUrl}.`);
    this.changed.fire();
    return true;
  }

  async signOut(): Promise<void> {
    const serverUrl = this.configuredServerUrl();
    await this.tokens.delete(serverUrl);
    this.log.info(`Signed out of ${serverUrl}`);
    this.changed.fire();
  }

  /** Uses the local reference server until `clearLocal` (its token lives only in memory). */
  useLocal(serverUrl: string, token: string, courseId: string | undefined, courseInstanceIds: string[]): void {
    this.local = { serverUrl, token, courseId, courseInstanceIds };
    this.signedIn = true;
    void vscode.commands.executeCommand('setContext', 'prairielearn.signedIn', true);
    this.changed.fire();
  }

  clearLocal(): void {
    if (!this.local) return;
    this.local = undefined;
    this.changed.fire();
  }

  /** A 401 after sign-in: the token was deleted or expired. Offers sign-in once per session. */
  async unauthorized(serverUrl: string): Promise<void> {
    if (this.unauthorizedPrompted || this.local) return;
    this.unauthorizedPrompted = true;
    const choice = await vscode.window.showWarningMessage(`${new URL(serverUrl).host} no longer accepts your PrairieLearn token.`, 'Sign In');
    if (choice) await this.signIn();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
