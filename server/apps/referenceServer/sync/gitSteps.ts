import * as fs from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { JobLog } from './jobLog';
import { cloneArgs, GIT_ENV, type EarlyClone } from './earlyClone';

const execFileAsync = promisify(execFile);

export interface GitCourse {
  path: string;
  repository: string;
  branch: string;
}

const FETCH_TIMEOUT_MS = 30_000;

/**
 * PrairieLearn's pullAndUpdateCourse git steps, in its order: clone when the checkout is missing;
 * otherwise point origin at the repository, fetch, drop local changes and reset to the remote branch.
 * A clone begun early of the same repository and branch is taken instead of cloning again.
 */
export async function updateFromRemote(job: JobLog, course: GitCourse, early?: EarlyClone): Promise<void> {
  const env = GIT_ENV;
  if (!fs.existsSync(course.path)) {
    job.info('Clone from remote git repository');
    const args = cloneArgs(course.branch, course.repository, course.path);
    if (early && early.repository === course.repository && early.branch === course.branch) {
      const result = await early.done;
      if (result.ok && fs.existsSync(early.dir)) {
        fs.renameSync(early.dir, course.path);
        job.ran('git', args, '/', result);
        return;
      }
      // Its failure is the job's own clone's to report.
      fs.rmSync(early.dir, { recursive: true, force: true });
    }
    await job.exec('git', args, { cwd: '/', env });
    return;
  }
  const cwd = course.path;
  job.info('Updating to latest remote origin address');
  await job.exec('git', ['remote', 'set-url', 'origin', course.repository], { cwd, env });
  job.info('Fetch from remote git repository');
  await job.exec('git', ['fetch'], { cwd, env, timeoutMs: FETCH_TIMEOUT_MS });
  job.info('Restore staged and unstaged changes');
  await job.exec('git', ['restore', '--staged', '--worktree', '.'], { cwd, env });
  job.info('Clean local files not in remote git repository');
  await job.exec('git', ['clean', '-fdx'], { cwd, env });
  job.info('Check out current branch');
  await job.exec('git', ['checkout', course.branch], { cwd, env });
  job.info('Reset state to remote git repository');
  await job.exec('git', ['reset', '--hard', `origin/${course.branch}`], { cwd, env });
}

/** `git rev-parse HEAD` without writing to the job output, as PrairieLearn does. */
export async function headCommit(path: string): Promise<string> {
  const { stdout } = await execFileAsync('git', ['rev-parse', 'HEAD'], { cwd: path });
  return stdout.trim();
}
