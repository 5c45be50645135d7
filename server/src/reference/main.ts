import { openApp, listen } from './app';
import { runAdmin } from './admin';
import { helpText, parseOptions } from './options';
import { prepareCourse } from './startup';
import { DEMO_STAFF, demoToken } from './seed/demoUsers';
import { API_BASE } from './api/server';

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
  const app = await openApp(options);
  // Only a starting server fails the jobs a previous one left running (not the admin command, which
  // may run beside a live server on a shared database).
  await app.sync.failAbandoned();
  const prepared = await prepareCourse(app, options);
  const server = await listen(app, options.port, options.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const cis = await app.db.query(
    'SELECT id, short_name FROM course_instances WHERE course_id = $1 AND deleted_at IS NULL ORDER BY id',
    [prepared.courseId],
  );
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  console.log(`PrairieLearn reference server (${app.db.kind}), data in ${app.dataDir}`);
  if (prepared.syncStatus) console.log(`first sync: ${prepared.syncStatus}`);
  console.log(`base URL: http://${host}:${port}${API_BASE}`);
  console.log(`token: ${demoToken(options.seed, DEMO_STAFF[0].uid)}`);
  console.log(`course id: ${prepared.courseId}`);
  for (const ci of cis) console.log(`course instance id: ${ci.id} (${ci.short_name})`);
  const stop = () => {
    server.close();
    app.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Started by the extension (fork, with an IPC channel): stop when that channel closes, so that a VS
  // Code that quits or crashes without stopping the server does not leave it running.
  if (process.send) process.once('disconnect', stop);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
