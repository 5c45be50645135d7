// The demo staff of a course: users with their roles and demo tokens. Written before the server answers,
// since the token the extension signs in with is one of them; the students and their history follow in
// the background (seed.ts).
import type { Database } from '../db/database';
import { hashToken } from '../api/auth';
import { DEMO_STAFF, demoToken } from './demoUsers';

/** True when the demo staff of this course exist already (a second start reuses them). */
export async function isSeeded(db: Database, courseId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM course_permissions cp JOIN users u ON u.id = cp.user_id WHERE cp.course_id = $1 AND u.uid = $2`,
    [courseId, DEMO_STAFF[0].uid],
  );
  return rows.length > 0;
}

export async function seedStaff(db: Database, courseId: string, seed: number): Promise<void> {
  await db.transaction(async (tx) => {
    const cis = await tx.query<{ id: string }>('SELECT id FROM course_instances WHERE course_id = $1 AND deleted_at IS NULL ORDER BY id', [courseId]);
    for (const staff of DEMO_STAFF) {
      const user = await tx.query(
        `INSERT INTO users (uid, name, email) VALUES ($1, $2, $1)
         ON CONFLICT (uid) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
        [staff.uid, staff.name],
      );
      const userId = user[0].id;
      await tx.query(
        `INSERT INTO access_tokens (user_id, name, token_hash) VALUES ($1, 'demo', $2) ON CONFLICT (token_hash) DO NOTHING`,
        [userId, hashToken(demoToken(seed, staff.uid))],
      );
      await tx.query(
        `INSERT INTO course_permissions (user_id, course_id, course_role) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, course_id) DO UPDATE SET course_role = EXCLUDED.course_role`,
        [userId, courseId, staff.courseRole],
      );
      for (const ci of cis) {
        if (staff.courseInstanceRole === 'None') continue;
        await tx.query(
          `INSERT INTO course_instance_permissions (user_id, course_instance_id, course_instance_role) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, course_instance_id) DO UPDATE SET course_instance_role = EXCLUDED.course_instance_role`,
          [userId, ci.id, staff.courseInstanceRole],
        );
      }
    }
  });
}
