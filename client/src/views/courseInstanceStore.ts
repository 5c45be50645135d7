// Which course instances the tree shows, per server URL, kept in the extension's own storage (VS Code's
// workspaceState or globalState) rather than in settings, so nothing is written into the course
// repository's .vscode/settings.json. The old `prairielearn.courseInstances` setting is read once and moved.
import { parseCourseInstanceInput } from '../api/serverUrl';

/** The part of vscode.Memento this needs, so it is testable without VS Code. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

const LISTS = 'prairielearn.courseInstancesByServer';
const MIGRATED = 'prairielearn.courseInstancesSettingMigrated';

export interface MigrationResult {
  /** Ids added, per server URL. */
  moved: Map<string, string[]>;
  /** Setting entries that are neither an id nor a course instance URL (left where they are). */
  invalid: string[];
}

export class CourseInstanceStore {
  constructor(private readonly store: KeyValueStore) {}

  private lists(): Record<string, string[]> {
    return this.store.get<Record<string, string[]>>(LISTS) ?? {};
  }

  /** The course instance ids of a server, in the order they were added. */
  ids(serverUrl: string): string[] {
    return [...(this.lists()[serverUrl] ?? [])];
  }

  /** False when it was there already. */
  async add(serverUrl: string, id: string): Promise<boolean> {
    const lists = this.lists();
    const ids = lists[serverUrl] ?? [];
    if (ids.includes(id)) return false;
    await this.store.update(LISTS, { ...lists, [serverUrl]: [...ids, id] });
    return true;
  }

  /** False when it was not there. */
  async remove(serverUrl: string, id: string): Promise<boolean> {
    const lists = this.lists();
    const ids = lists[serverUrl] ?? [];
    if (!ids.includes(id)) return false;
    const kept = ids.filter((x) => x !== id);
    const next = { ...lists };
    if (kept.length) next[serverUrl] = kept;
    else delete next[serverUrl];
    await this.store.update(LISTS, next);
    return true;
  }

  /**
   * Moves the entries of the old setting in, once per store: a URL goes to its own server's list, a bare id
   * to `defaultServerUrl` (the server the setting was meant for). Later runs do nothing, so an instance
   * removed from the tree does not come back from the setting.
   */
  async migrateSetting(entries: readonly unknown[] | undefined, defaultServerUrl: string): Promise<MigrationResult | undefined> {
    if (this.store.get<boolean>(MIGRATED)) return undefined;
    const result: MigrationResult = { moved: new Map(), invalid: [] };
    for (const entry of entries ?? []) {
      const ref = parseCourseInstanceInput(String(entry));
      if (!ref) {
        result.invalid.push(String(entry));
        continue;
      }
      const server = ref.serverUrl ?? defaultServerUrl;
      if (await this.add(server, ref.id)) result.moved.set(server, [...(result.moved.get(server) ?? []), ref.id]);
    }
    await this.store.update(MIGRATED, true);
    return result;
  }
}
