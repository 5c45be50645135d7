import { DidChangeConfigurationNotification, type Connection } from 'vscode-languageserver';
import type { Guard } from './documentContext';
import { DEFAULT_SETTINGS, readSettings, type ServerSettings } from './settings';

/**
 * The server's current settings: first from initializationOptions, then from the client's
 * `prairielearn` configuration, pulled when the client answers workspace/configuration and taken
 * from didChangeConfiguration otherwise. `onChanged` runs after each change.
 */
export class SettingsSource {
  current: ServerSettings = DEFAULT_SETTINGS;
  private canPull = false;

  constructor(
    private readonly connection: Connection,
    private readonly guard: Guard,
    private readonly onChanged: () => void,
  ) {}

  /** At initialize: the settings the client passed, and whether it can be asked for them. */
  initialize(initializationOptions: unknown, canPull: boolean): void {
    this.current = readSettings(initializationOptions);
    this.canPull = canPull;
  }

  /** At initialized: asks the client to report changes of the `prairielearn` section. */
  askForChanges(): void {
    void this.guard.safelyAsync('registering for settings changes', undefined, () =>
      this.connection.client.register(DidChangeConfigurationNotification.type, { section: 'prairielearn' }),
    );
  }

  /** At initialized, when the client answers workspace/configuration: reads the settings from it. */
  read(): Promise<void> {
    return this.guard.safelyAsync('reading settings', undefined, () => this.pull());
  }

  /** workspace/didChangeConfiguration. */
  listen(): void {
    this.connection.onDidChangeConfiguration((params) =>
      this.guard.safelyAsync('settings', undefined, async () => {
        if (this.canPull) await this.pull();
        else this.apply((params.settings as { prairielearn?: unknown } | undefined)?.prairielearn);
      }),
    );
  }

  private async pull(): Promise<void> {
    const [section] = await this.connection.workspace.getConfiguration([{ section: 'prairielearn' }]);
    this.apply(section);
  }

  private apply(raw: unknown): void {
    this.current = readSettings(raw, this.current);
    this.onChanged();
  }
}
