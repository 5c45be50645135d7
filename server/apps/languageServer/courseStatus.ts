import * as nodePath from 'node:path';
import type { Connection } from 'vscode-languageserver';
import type { CourseWorkspace } from './courseWorkspace';
import type { DiagnosticsScheduler } from './diagnosticsScheduler';
import { COURSE_STATUS_NOTIFICATION, type CourseStatus } from '../../lib/protocol';
import type { Safely } from './safely';

/** Tells the client what its language status item shows (the courses, a check waiting, the problem counts), when that changed. */
export class CourseStatusReporter {
  private lastSent = '';

  constructor(
    private readonly connection: Connection,
    private readonly workspace: CourseWorkspace,
    private readonly safely: Safely,
  ) {}

  report(diagnostics: DiagnosticsScheduler): void {
    this.safely('course status', undefined, () => {
      const courses = this.workspace.states().map((s) => {
        const data = s.course.info.file?.value as { title?: unknown; name?: unknown } | undefined;
        const name = typeof data?.title === 'string' ? data.title : typeof data?.name === 'string' ? data.name : nodePath.basename(s.root);
        return { root: s.root, name };
      });
      const status: CourseStatus = { courses, checking: diagnostics.checking, ...diagnostics.counts() };
      const key = JSON.stringify(status);
      if (key === this.lastSent) return;
      this.lastSent = key;
      void this.connection.sendNotification(COURSE_STATUS_NOTIFICATION, status);
    });
  }
}
