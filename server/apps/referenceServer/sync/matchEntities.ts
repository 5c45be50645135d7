/** An existing database row that a file on disk may correspond to. */
export interface ExistingRow {
  id: string;
  uuid: string | null;
  /** QID, TID or course instance short name. */
  path: string | null;
}

/**
 * Pairs files with existing rows as PrairieLearn does: by UUID first, then by path among rows not yet
 * taken. Returns the row id per file (undefined: insert) and the rows left over (to soft-delete).
 */
export function matchByUuidThenPath<F>(
  files: F[],
  rows: ExistingRow[],
  key: (file: F) => { uuid?: string; path: string },
): { ids: (string | undefined)[]; unmatched: ExistingRow[] } {
  const free = new Set(rows);
  const byUuid = new Map(rows.filter((r) => r.uuid).map((r) => [r.uuid!.toLowerCase(), r]));
  const ids: (string | undefined)[] = files.map(() => undefined);
  files.forEach((f, i) => {
    const { uuid } = key(f);
    const row = uuid ? byUuid.get(uuid) : undefined;
    if (row && free.has(row)) {
      ids[i] = row.id;
      free.delete(row);
    }
  });
  const byPath = new Map<string, ExistingRow>();
  for (const r of free) if (r.path !== null && !byPath.has(r.path)) byPath.set(r.path, r);
  files.forEach((f, i) => {
    if (ids[i]) return;
    const row = byPath.get(key(f).path);
    // A row matched by path must not carry another file's UUID.
    if (row && free.has(row) && (!row.uuid || !key(f).uuid || row.uuid === key(f).uuid)) {
      ids[i] = row.id;
      free.delete(row);
    }
  });
  return { ids, unmatched: [...free] };
}
