/** Command-line options of the reference server; each also has an environment variable. */
export interface ServerOptions {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  courseRepo?: string;
  /** A course folder that is not a git repository: served from a snapshot committed in the data folder. */
  courseDir?: string;
  branch?: string;
  students: number;
  seed: number;
  /** Listen beyond loopback although the demo tokens (derived from the seed) still open the API. */
  allowDemoTokens: boolean;
  help: boolean;
}

interface OptionSpec {
  flag: string;
  env: string;
  key: keyof ServerOptions;
  kind: 'string' | 'int' | 'flag';
  help: string;
}

const SPECS: OptionSpec[] = [
  { flag: '--port', env: 'PORT', key: 'port', kind: 'int', help: 'TCP port (default 3000)' },
  { flag: '--host', env: 'HOST', key: 'host', kind: 'string', help: 'address to listen on (default 127.0.0.1)' },
  { flag: '--data-dir', env: 'DATA_DIR', key: 'dataDir', kind: 'string', help: 'folder for the database, git repositories and checkouts (default ./.reference-data)' },
  { flag: '--database-url', env: 'DATABASE_URL', key: 'databaseUrl', kind: 'string', help: 'postgres://… to use PostgreSQL instead of the embedded PGlite' },
  { flag: '--course-repo', env: 'COURSE_REPO', key: 'courseRepo', kind: 'string', help: 'git URL or path of a course to serve instead of the demo course' },
  { flag: '--course-dir', env: 'COURSE_DIR', key: 'courseDir', kind: 'string', help: 'a course folder that is not a git repository: its files, committed to a repository in the data folder at each start' },
  { flag: '--branch', env: 'BRANCH', key: 'branch', kind: 'string', help: "branch of --course-repo (default: the repository's default branch)" },
  { flag: '--students', env: 'STUDENTS', key: 'students', kind: 'int', help: 'number of synthetic students (default 50)' },
  { flag: '--seed', env: 'SEED', key: 'seed', kind: 'int', help: 'seed of the synthetic data and demo tokens (default 1)' },
  { flag: '--allow-demo-tokens', env: 'ALLOW_DEMO_TOKENS', key: 'allowDemoTokens', kind: 'flag', help: 'listen beyond loopback (--host) while the demo tokens still work' },
  { flag: '--help', env: '', key: 'help', kind: 'flag', help: 'show this help' },
];

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const raw: Record<string, string | boolean> = {};
  for (const spec of SPECS) if (spec.env && env[spec.env] !== undefined) raw[spec.key] = env[spec.env]!;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const spec = SPECS.find((s) => s.flag === flag);
    if (!spec) throw new Error(`unknown option ${argv[i]} (see --help)`);
    if (spec.kind === 'flag') raw[spec.key] = true;
    else {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`${flag} needs a value`);
      raw[spec.key] = value;
    }
  }
  const int = (key: string, fallback: number) => {
    if (raw[key] === undefined) return fallback;
    const n = Number(raw[key]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a non-negative integer, not ${raw[key]}`);
    return n;
  };
  return {
    port: int('port', 3000),
    host: (raw.host as string) ?? '127.0.0.1',
    dataDir: (raw.dataDir as string) ?? '.reference-data',
    databaseUrl: (raw.databaseUrl as string) || undefined,
    courseRepo: (raw.courseRepo as string) || undefined,
    courseDir: (raw.courseDir as string) || undefined,
    branch: (raw.branch as string) || undefined,
    students: int('students', 50),
    seed: int('seed', 1),
    allowDemoTokens: raw.allowDemoTokens === true || (typeof raw.allowDemoTokens === 'string' && raw.allowDemoTokens !== '' && raw.allowDemoTokens !== '0'),
    help: raw.help === true,
  };
}

export function helpText(): string {
  const lines = SPECS.map((s) => `  ${(s.flag + (s.kind === 'flag' ? '' : ' <value>')).padEnd(24)}${s.help}${s.env ? ` [${s.env}]` : ''}`);
  return [
    'Usage: node dist/referenceServer.js [options]',
    '       node dist/referenceServer.js admin <command> ... (see admin --help)',
    '',
    "A reference implementation of PrairieLearn's instructor API v1 with git-backed course sync.",
    '',
    'Options (each also read from the environment variable in brackets):',
    ...lines,
  ].join('\n');
}
