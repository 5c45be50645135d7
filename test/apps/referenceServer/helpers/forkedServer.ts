// The bundled reference server forked as the extension forks it (an IPC channel, output on pipes),
// for the tests that watch what it says over that channel while it seeds in the background.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import type { ReferenceServerReady, ReferenceServerSamples } from '../../../../server/lib/protocol/referenceServerReady';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const BUNDLE = path.join(ROOT, 'dist', 'referenceServer.js');

export interface ForkedServer {
  child: ChildProcess;
  ready: ReferenceServerReady;
  /** Every samples message so far, in order. */
  progress: ReferenceServerSamples[];
  /** Its stdout and stderr so far. */
  output(): string;
  /** The first samples message that `wanted` accepts, now or when it comes. */
  progressWhere(wanted: (p: ReferenceServerSamples) => boolean): Promise<ReferenceServerSamples>;
  /** A GET of the instructor API with the ready message's token. */
  get(pathname: string): Promise<Response>;
  /** Closes the IPC channel (the server stops, as when the extension goes) and asserts a clean exit. */
  stop(): Promise<void>;
}

/** Builds dist/ when it is missing: these tests run the bundle. */
export function ensureBundle(): void {
  if (!fs.existsSync(BUNDLE)) assert.equal(spawnSync(process.execPath, ['build.mjs'], { cwd: ROOT }).status, 0);
}

/** Forks the bundle with `args` and waits for its ready message; a server that exits first fails with its output. */
export async function forkReferenceServer(args: string[]): Promise<ForkedServer> {
  const child = fork(BUNDLE, args, { cwd: ROOT, silent: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const progress: ReferenceServerSamples[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.disconnect();
    assert.equal(await exited, 0);
  };
  try {
    const ready = await new Promise<ReferenceServerReady>((resolve, reject) => {
      child.on('message', (m: { type?: string }) => {
        if (m.type === 'prairielearn.referenceServer.ready') resolve(m as ReferenceServerReady);
        if (m.type === 'prairielearn.referenceServer.samples') progress.push(m as ReferenceServerSamples);
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    return {
      child,
      ready,
      progress,
      output: () => out,
      progressWhere: (wanted) =>
        new Promise((resolve) => {
          const look = () => progress.find(wanted);
          if (look()) return resolve(look()!);
          child.on('message', () => look() && resolve(look()!));
        }),
      get: (pathname) => fetch(`${ready.serverUrl}/pl/api/v1${pathname}`, { headers: { 'Private-Token': ready.token! } }),
      stop,
    };
  } catch (err) {
    if (child.connected) child.disconnect();
    throw err;
  }
}
