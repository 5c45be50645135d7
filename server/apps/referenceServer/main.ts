import type { Server } from 'node:http';
import { openApp, listen, type ReferenceApp } from './app';
import { runAdmin } from './admin';
import { helpText, parseOptions } from './options';
import { beginFirstClone, demoTokensActive, isLoopback, prepareCourse, snapshotFor } from './startup';
import { discardEarlyClone } from './sync/earlyClone';
import { lockDataDir } from './dataLock';
import { DEMO_STAFF, demoToken } from './seed/demoUsers';
import { API_BASE } from './api/server';
import type { ReferenceServerReady } from '../../lib/protocol';
import { demoDataInBackground } from './samplesInBackground';

/** How long the demo data waits for a first request before it is written anyway. */
const FIRST_REQUEST_WAIT_MS = 5000;

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'admin') {
    process.exitCode = await runAdmin(argv.slice(1));
    return;
  }
  const options = parseOptions(argv);
  if (options.help) {
    console.log(helpText());
    return;
  }
  // Before the database is opened: a second server on the same files would corrupt them.
  lockDataDir(options.dataDir);
  // From here on, a stop (Ctrl-C, a kill) closes the database and releases the lock, also during the first sync.
  let app: ReferenceApp | undefined;
  let server: Server | undefined;
  const samples = new AbortController();
  let filling: Promise<unknown> = Promise.resolve();
  // A folder on disk is committed first; then a first start's clone runs while the database opens.
  const snapshot = snapshotFor(options, options.dataDir);
  const { early, branch } = beginFirstClone(options, options.dataDir, snapshot);
  const stop = () => {
    early?.stop();
    server?.close();
    // The sample fill stops between questions, and its last write ends before the database closes.
    samples.abort();
    filling.finally(() => (app?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Started by the extension (fork, with an IPC channel): stop when that channel closes, also during the
  // first sync, so that a VS Code that quits or crashes without stopping the server does not leave it running.
  if (process.send) process.once('disconnect', stop);
  const opening = performance.now();
  app = await openApp(options).catch((err) => {
    early?.stop();
    throw err;
  });
  const openMs = performance.now() - opening;
  if (early) app.sync.useEarlyClone(early);
  // Only a starting server fails the jobs a previous one left running (not the admin command, which
  // may run beside a live server on a shared database).
  await app.sync.failAbandoned();
  const prepared = await prepareCourse(app, { ...options, ...(branch ? { branch } : {}) }, snapshot);
  // Taken by the first sync, or never needed (the database already had the course).
  if (early) await discardEarlyClone(early);
  const demoTokens = await demoTokensActive(app, options.seed);
  if (demoTokens && !isLoopback(options.host) && !options.allowDemoTokens) {
    await app.close();
    throw new Error(
      `refusing to listen on ${options.host}: the demo tokens still work, and anyone who can reach the server can derive them from --seed. ` +
        'Revoke them (admin list-tokens, admin revoke-token) and create your own (admin create-token), or pass --allow-demo-tokens.',
    );
  }
  const opened = app;
  server = await listen(opened, options.port, options.host).catch(async (err: NodeJS.ErrnoException) => {
    await opened.close();
    throw listenError(err, options.host, options.port);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const cis = await app.db.query(
    'SELECT id, short_name FROM course_instances WHERE course_id = $1 AND deleted_at IS NULL ORDER BY id',
    [prepared.courseId],
  );
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const token = demoTokens ? demoToken(options.seed, DEMO_STAFF[0].uid) : null;
  console.log(`PrairieLearn reference server (${app.db.kind}), data in ${app.dataDir}`);
  console.log(`database opened in ${(openMs / 1000).toFixed(1)} s${app.databaseStart ? ` (${app.databaseStart})` : ''}`);
  if (prepared.syncStatus) console.log(`${prepared.created ? 'first sync' : 'sync of the changed course folder'}: ${prepared.syncStatus} in ${((prepared.syncMs ?? 0) / 1000).toFixed(1)} s`);
  console.log(`base URL: http://${host}:${port}${API_BASE}`);
  if (token) console.log(`token: ${token}`);
  console.log(`course id: ${prepared.courseId}`);
  for (const ci of cis) console.log(`course instance id: ${ci.id} (${ci.short_name})`);
  // Started by the extension: tell it the same in one typed message.
  if (process.send) {
    const ready: ReferenceServerReady = {
      type: 'prairielearn.referenceServer.ready',
      serverUrl: `http://${host}:${port}`,
      token,
      courseId: String(prepared.courseId),
      courseInstances: cis.map((ci) => ({ id: String(ci.id), shortName: ci.short_name })),
    };
    // A parent that goes away before the message is out gets nothing: `stop` runs, and the failed
    // send must not become an uncaught 'error' that exits with 1.
    process.send(ready, undefined, {}, () => undefined);
  }
  // Never before the first request: its queries would queue behind the seed's first transactions (PGlite
  // serves one session). Nobody may ask (a server started by hand): then it starts after a few seconds.
  const served = server;
  filling = new Promise<void>((resolve) => {
    served.once('request', (_req, res) => res.once('close', () => resolve()));
    setTimeout(resolve, FIRST_REQUEST_WAIT_MS).unref();
  }).then(() => (samples.signal.aborted ? undefined : demoDataInBackground(opened.db, prepared.courseId, options, samples.signal)));
}

/** What a failed listen means for the person starting the server. */
function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  if (err.code === 'EADDRINUSE') return new Error(`port ${port} on ${host} is already in use (another server?); choose another with --port (0 picks a free one)`);
  if (err.code === 'EACCES') return new Error(`not allowed to listen on port ${port} on ${host}; ports below 1024 need privileges, choose another with --port`);
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') return new Error(`cannot listen on ${host}: not an address of this machine (--host)`);
  return err;
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
