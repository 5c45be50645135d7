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

/** Runs one agent tool (server/lib/agentTools) over the workspace's courses: VS Code's language model tools call it. */
export const AGENT_TOOL_REQUEST = 'prairielearn/agentTool';

export interface AgentToolParams {
  name: string;
  input: unknown;
  /** The `prairielearn.python` setting, as the preview uses it. */
  python?: string;
}

export interface AgentToolAnswer {
  text: string;
  data: unknown;
  isError?: boolean;
}
