import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { openApp, type ReferenceApp } from './app';
import { hashToken } from './api/auth';
import { addCourse } from './courses';
import { lockDataDir } from './dataLock';

const USAGE = `Usage: node dist/referenceServer.js admin <command> [--data-dir DIR] [--database-url URL]

Commands:
  add-course <repository> [--branch B]        register a course served from a git URL or path, and sync it
  add-user <uid> [--name N] [--uin U]         add a user (or update the name and UIN)
  grant-course <uid> <course_id> <role>       Owner, Editor, Viewer, Previewer or None
  grant-instance <uid> <course_instance_id> <role>
                                              Student Data Viewer, Student Data Editor or None
  make-admin <uid>                            make the user a global administrator
  create-token <uid> [--name N]               print a new token (shown once; only its SHA-256 is kept)
  list-tokens [<uid>]                         id, user, name, created and last-used times
  revoke-token <token_id>                     delete a token

--data-dir and --database-url default to DATA_DIR / DATABASE_URL, as for the server.`;

interface AdminArgs {
  positional: string[];
  flags: Record<string, string>;
}

function parseArgs(argv: string[]): AdminArgs {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help') flags.help = 'true';
    else if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value`);
      flags[name] = value;
    } else positional.push(a);
  }
  return { positional, flags };
}

async function userId(app: ReferenceApp, uid: string): Promise<string> {
  const rows = await app.db.query('SELECT id FROM users WHERE uid = $1', [uid]);
  if (!rows[0]) throw new Error(`no user ${uid} (add it with add-user)`);
  return rows[0].id;
}

type Command = (app: ReferenceApp, args: string[], flags: Record<string, string>) => Promise<void>;

const COMMANDS: Record<string, { arity: number; run: Command }> = {
  'add-course': {
    arity: 1,
    run: async (app, [repository], flags) => {
      const courseId = await addCourse(app.db, path.join(app.dataDir, 'courses'), repository, flags.branch);
      const job = await app.sync.start(courseId, null);
      await app.sync.idle(courseId);
      const status = await app.sync.status(courseId, job);
      console.log((status?.output ?? '').replace(/\n$/, ''));
      console.log(`course id: ${courseId} (sync ${status?.status})`);
    },
  },
  'add-user': {
    arity: 1,
    run: async (app, [uid], flags) => {
      const rows = await app.db.query(
        `INSERT INTO users (uid, name, uin, email) VALUES ($1, $2, $3, $1)
         ON CONFLICT (uid) DO UPDATE SET name = COALESCE(EXCLUDED.name, users.name), uin = COALESCE(EXCLUDED.uin, users.uin)
         RETURNING id`,
        [uid, flags.name ?? null, flags.uin ?? null],
      );
      console.log(`user id: ${rows[0].id}`);
    },
  },
  'grant-course': {
    arity: 3,
    run: async (app, [uid, courseId, role]) => {
      await app.db.query(
        `INSERT INTO course_permissions (user_id, course_id, course_role) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, course_id) DO UPDATE SET course_role = EXCLUDED.course_role`,
        [await userId(app, uid), courseId, role],
      );
      console.log(`${uid}: course ${courseId} role ${role}`);
    },
  },
  'grant-instance': {
    arity: 3,
    run: async (app, [uid, ciId, role]) => {
      await app.db.query(
        `INSERT INTO course_instance_permissions (user_id, course_instance_id, course_instance_role) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, course_instance_id) DO UPDATE SET course_instance_role = EXCLUDED.course_instance_role`,
        [await userId(app, uid), ciId, role],
      );
      console.log(`${uid}: course instance ${ciId} role ${role}`);
    },
  },
  'make-admin': {
    arity: 1,
    run: async (app, [uid]) => {
      await app.db.query('INSERT INTO administrators (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [await userId(app, uid)]);
      console.log(`${uid} is an administrator`);
    },
  },
  'create-token': {
    arity: 1,
    run: async (app, [uid], flags) => {
      const token = randomUUID();
      const rows = await app.db.query(
        'INSERT INTO access_tokens (user_id, name, token_hash) VALUES ($1, $2, $3) RETURNING id',
        [await userId(app, uid), flags.name ?? 'admin', hashToken(token)],
      );
      console.log(`token id: ${rows[0].id}`);
      console.log(`token: ${token}`);
    },
  },
  'list-tokens': {
    arity: 0,
    run: async (app, [uid]) => {
      const rows = await app.db.query(
        `SELECT t.id, u.uid, t.name, t.created_at, t.last_used_at FROM access_tokens t JOIN users u ON u.id = t.user_id
         WHERE $1::text IS NULL OR u.uid = $1 ORDER BY t.id`,
        [uid ?? null],
      );
      for (const r of rows) {
        console.log(`${r.id}\t${r.uid}\t${r.name}\tcreated ${r.created_at.toISOString()}\tlast used ${r.last_used_at?.toISOString() ?? 'never'}`);
      }
    },
  },
  'revoke-token': {
    arity: 1,
    run: async (app, [id]) => {
      const rows = await app.db.query('DELETE FROM access_tokens WHERE id = $1 RETURNING id', [id]);
      if (!rows[0]) throw new Error(`no token ${id}`);
      console.log(`revoked token ${id}`);
    },
  },
};

/** The admin command; returns the process exit code. */
export async function runAdmin(argv: string[]): Promise<number> {
  let args: AdminArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const [name, ...rest] = args.positional;
  const command = name ? COMMANDS[name] : undefined;
  if (args.flags.help || !command || rest.length < command.arity) {
    console[command || args.flags.help ? 'log' : 'error'](USAGE);
    return args.flags.help ? 0 : 2;
  }
  const dataDir = args.flags['data-dir'] ?? process.env.DATA_DIR ?? '.reference-data';
  const databaseUrl = args.flags['database-url'] ?? process.env.DATABASE_URL;
  // PGlite's files take one process at a time; PostgreSQL serves the admin beside a live server.
  let release: (() => void) | undefined;
  if (!databaseUrl) {
    try {
      release = lockDataDir(dataDir);
    } catch (err) {
      console.error((err as Error).message);
      return 1;
    }
  }
  const app = await openApp({ dataDir, databaseUrl });
  try {
    await command.run(app, rest, args.flags);
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    await app.close();
    release?.();
  }
}
