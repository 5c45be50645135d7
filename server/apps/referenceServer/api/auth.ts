import { createHash } from 'node:crypto';
import type { Database } from '../db/database';

export interface AuthnUser {
  user_id: string;
  uid: string;
  is_administrator: boolean;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// The course-instance routes do this lookup inside api_authorize_course_instance (migration 0002). Either
// way it runs on every request, so a revoked token fails on the next one.
const TOKEN_USER_SQL = `SELECT t.id AS token_id, u.id AS user_id, u.uid, (adm.id IS NOT NULL) AS is_administrator
     FROM access_tokens t JOIN users u ON u.id = t.user_id
     LEFT JOIN administrators adm ON adm.user_id = u.id
     WHERE t.token_hash = $1`;

// last_used_at is written at most once a minute per token: concurrent requests with one token would
// otherwise queue on that row's lock.
const LAST_USED_EVERY_MS = 60_000;
const lastWritten = new Map<string, number>();

/** Marks the token used without making the request wait. */
export function markTokenUsed(db: Database, tokenId: string): void {
  const now = Date.now();
  if (now - (lastWritten.get(tokenId) ?? 0) < LAST_USED_EVERY_MS) return;
  lastWritten.set(tokenId, now);
  db.query('UPDATE access_tokens SET last_used_at = now() WHERE id = $1', [tokenId]).catch(() => undefined);
}

/** Looks the token up by its SHA-256 hash. */
export async function authenticate(db: Database, token: string): Promise<AuthnUser | undefined> {
  const rows = await db.query<AuthnUser & { token_id: string }>(TOKEN_USER_SQL, [hashToken(token)]);
  const row = rows[0];
  if (!row) return undefined;
  markTokenUsed(db, row.token_id);
  return { user_id: row.user_id, uid: row.uid, is_administrator: row.is_administrator };
}
