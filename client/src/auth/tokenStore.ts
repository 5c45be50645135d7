// Personal access tokens, one per server URL, in VS Code's SecretStorage (never in settings or logs).
import { PrairieLearnClient, type ClientOptions } from '../api/client';

/** The part of vscode.SecretStorage this needs, so it is testable without VS Code. */
export interface SecretStore {
  get(key: string): Thenable<string | undefined>;
  store(key: string, value: string): Thenable<void>;
  delete(key: string): Thenable<void>;
}

export function tokenKey(serverUrl: string): string {
  return `prairielearn.token:${serverUrl}`;
}

export class TokenStore {
  constructor(private readonly secrets: SecretStore) {}

  get(serverUrl: string): Thenable<string | undefined> {
    return this.secrets.get(tokenKey(serverUrl));
  }

  delete(serverUrl: string): Thenable<void> {
    return this.secrets.delete(tokenKey(serverUrl));
  }

  /** Keeps the token only after the server has accepted it; throws the server's answer otherwise. */
  async verifyAndStore(serverUrl: string, token: string, options: Partial<ClientOptions> = {}, signal?: AbortSignal): Promise<void> {
    const trimmed = token.trim();
    if (!trimmed) throw new Error('The token is empty.');
    await new PrairieLearnClient({ ...options, serverUrl, token: trimmed }).checkToken({ signal });
    await this.secrets.store(tokenKey(serverUrl), trimmed);
  }
}
