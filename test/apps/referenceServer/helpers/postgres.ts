import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';

/** A throwaway PostgreSQL cluster on a loopback port, made with the system's initdb and pg_ctl. */
export interface PostgresCluster {
  /** A URL for a fresh database in the cluster. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

/** The bin folder of the newest installed PostgreSQL (Debian's postgresql package), if any. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Why the PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (!postgresBin()) return 'PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run initdb as';
    }
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin()!;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  // initdb refuses to run as root: run the cluster as the postgres user then.
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--locale=C', '-E', 'UTF8']);
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    async createDatabase(name) {
      const client = new pg.Client(admin);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
