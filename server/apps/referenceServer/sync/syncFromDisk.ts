import type { Database } from '../db/database';
import { bold, green, redBright, yellowBright } from './ansi';
import { filesInReportOrder, readDiskCourse, type DiskCourse } from './diskCourse';
import type { SyncChecks } from './syncChecks';
import type { JobLog } from './jobLog';
import { writeCourse } from './writeCourse';

const ms = (start: bigint) => (Number(process.hrtime.bigint() - start) / 1e6).toFixed(2);

/** PrairieLearn's syncDiskToSql: load and check the files, write them, then the summary and per-file messages. */
export async function syncFromDisk(db: Database, job: JobLog, courseId: string, coursePath: string, checks: SyncChecks): Promise<DiskCourse> {
  job.info('Loading info.json files from course repository');
  let start = process.hrtime.bigint();
  const disk = readDiskCourse(coursePath, checks);
  job.verbose(`Loaded course data from disk in ${ms(start)}ms`);
  job.info('Syncing info to database');
  start = process.hrtime.bigint();
  await db.transaction((tx) =>
    writeCourse(tx, courseId, disk, async (label, fn) => {
      const t = process.hrtime.bigint();
      const result = await fn();
      job.verbose(`${label} in ${ms(t)}ms`);
      return result;
    }),
  );
  job.verbose(`Synced all course data in ${ms(start)}ms`);

  if (disk.hasErrors) job.error('✖ Some JSON files contained errors and were unable to be synced');
  else if (disk.hasWarnings) job.info('⚠ Some JSON files contained warnings but all were successfully synced');
  else job.info(green('✓ Course sync successful'));

  for (const file of filesInReportOrder(disk)) {
    if (!file.errors.length && !file.warnings.length) continue;
    job.info(bold(`• ${file.entry.relPath}`));
    for (const e of file.errors) job.info(redBright(`  ✖ ${e.replace(/\n/g, '\n    ')}`));
    for (const w of file.warnings) job.info(yellowBright(`  ⚠ ${w.replace(/\n/g, '\n    ')}`));
  }
  return disk;
}
