// Messages of our own between the language server and the extension; the client imports these types.

/** Sent by the server whenever what the language status item shows changes. */
export const COURSE_STATUS_NOTIFICATION = 'prairielearn/courseStatus';

export interface CourseStatus {
  /** The courses found in the workspace: root folder and the title (or name) of infoCourse.json. */
  courses: { root: string; name: string }[];
  /** A check is waiting or running. */
  checking: boolean;
  /** Problems in the files checked, as shown (after the severity settings). */
  errors: number;
  warnings: number;
  infos: number;
}
