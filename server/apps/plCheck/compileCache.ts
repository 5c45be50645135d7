import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import * as vm from 'node:vm';

/** Cache files kept in the folder: those of the last few builds and node versions used. */
const KEEP = 4;

export interface LoadedBundle {
  exports: unknown;
  /** Where V8's code was taken from: the cache, or compiled afresh (no cache yet, or one V8 turned down), or no cache at all. */
  cache: 'used' | 'compiled' | 'off';
  /**
   * Writes the cache when the code was compiled afresh. Called at the end of a run, so that the
   * cache holds every function the run compiled, not only the bundle's top level.
   */
  saveCache(): void;
}

/**
 * Runs the code of a CommonJS bundle as if it were the file `filename` (its `require` and
 * `__dirname` are that file's), through V8's code cache when `cache` says where (`compileCacheDir`)
 * and what the code is (`id`, a hash of it): a file holding the compiled code, which spares most
 * of the bundle's compile time from the second run on. The file names node's version and the
 * architecture too, and V8 turns down a cache that does not fit: a stale one costs a compile and
 * is replaced.
 */
export function runBundle(code: string, filename: string, cache?: { dir: string; id: string }): LoadedBundle {
  const file = cache && nodePath.join(cache.dir, `${cache.id}-${process.version}-${process.arch}.bin`);
  const cachedData = file === undefined ? undefined : readCache(file);
  // The wrapper node gives every CommonJS module; the line break ends a last line that is a comment.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, nodePath.dirname(filename));
  const state = file === undefined ? 'off' : cachedData !== undefined && !script.cachedDataRejected ? 'used' : 'compiled';
  return {
    exports: module.exports,
    cache: state,
    saveCache: () => {
      if (state === 'compiled') writeCache(cache!.dir, file!, () => script.createCachedData());
    },
  };
}

/**
 * The user's own folder for the cache: `pl-check` in $XDG_CACHE_HOME, ~/.cache, ~/Library/Caches
 * on macOS or %LOCALAPPDATA% on Windows. None when NODE_DISABLE_COMPILE_CACHE is set (node's own
 * switch for its compile cache), or when the folder cannot be made or is not the user's alone:
 * V8 runs what the cache holds, so nobody else may write there.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  let base: string | undefined;
  if (process.platform === 'win32') base = env.LOCALAPPDATA;
  else if (env.XDG_CACHE_HOME && nodePath.isAbsolute(env.XDG_CACHE_HOME)) base = env.XDG_CACHE_HOME;
  else if (os.homedir()) base = nodePath.join(os.homedir(), process.platform === 'darwin' ? 'Library/Caches' : '.cache');
  if (!base) return undefined;
  const dir = nodePath.join(base, 'pl-check');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (process.platform === 'win32') return dir;
    const stat = fs.statSync(dir);
    return stat.uid === process.getuid!() && (stat.mode & 0o022) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (two runs may write at once), then the oldest files beyond `KEEP` go. A cache that cannot be written is no failure. */
function writeCache(dir: string, file: string, data: () => Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  try {
    fs.writeFileSync(partial, data(), { mode: 0o600 });
    fs.renameSync(partial, file);
    const caches = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.bin'))
      .map((name) => ({ path: nodePath.join(dir, name), time: fs.statSync(nodePath.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const old of caches.slice(KEEP)) fs.rmSync(old.path, { force: true });
  } catch {
    fs.rmSync(partial, { force: true });
  }
}
