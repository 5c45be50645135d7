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

/** Looks the token up by its SHA-256 hash; marks it used without making the request wait. */
export async function authenticate(db: Database, token: string): Promise<AuthnUser | undefined> {
  const rows = await db.query<AuthnUser & { token_id: string }>(
    `SELECT t.id AS token_id, u.id AS user_id, u.uid, (adm.id IS NOT NULL) AS is_administrator
     FROM access_tokens t JOIN users u ON u.id = t.user_id
     LEFT JOIN administrators adm ON adm.user_id = u.id
     WHERE t.token_hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return undefined;
  db.query('UPDATE access_tokens SET last_used_at = now() WHERE id = $1', [row.token_id]).catch(() => undefined);
  return { user_id: row.user_id, uid: row.uid, is_administrator: row.is_administrator };
}
