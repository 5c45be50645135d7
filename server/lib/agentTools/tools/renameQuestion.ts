import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { nodeCourseReader, isRefusal, renameQuestion } from '../../course';
import { ToolError } from '../toolError';
import type { AgentTool } from '../toolTypes';
import { applyFileEdits } from './applyEdits';

export const renameQuestionTool: AgentTool = {
  name: 'rename_question',
  title: 'Rename a question',
  description:
    'WRITES FILES. Rename (move) a question to a new QID the way the editor\'s Rename does: moves its folder under questions/ and rewrites every assessment that uses it. ' +
    'Refuses a QID that exists, a folder inside another question, and names PrairieLearn cannot read. Returns the files changed and the move. Check the course afterwards.',
  inputSchema: {
    type: 'object',
    properties: {
      qid: { type: 'string', description: 'The current question id.' },
      newQid: { type: 'string', description: 'The new question id (folder path under questions/, "/"-separated).' },
      course: { type: 'string', description: 'Course root, when several courses are served.' },
    },
    required: ['qid', 'newQid'],
    additionalProperties: false,
  },
  writes: true,
  async run(sessions, input) {
    const session = sessions.session(input.course);
    const course = session.fresh();
    const rename = renameQuestion(course, nodeCourseReader, input.qid as string, input.newQid as string);
    if (isRefusal(rename)) throw new ToolError(rename.refused);
    const rel = (p: string) => nodePath.relative(session.root, p).split(nodePath.sep).join('/');
    if (rename.move.from === rename.move.to) return { text: 'Nothing to do: the QID is unchanged.', data: { changedFiles: [], moved: null } };
    applyFileEdits(rename.edits);
    fs.mkdirSync(nodePath.dirname(rename.move.to), { recursive: true });
    fs.renameSync(rename.move.from, rename.move.to);
    // Only folders are left in it (the move took the question): PrairieLearn reports empty folders.
    if (rename.removeFolder) fs.rmSync(rename.removeFolder, { recursive: true, force: true });
    session.fresh();
    const changedFiles = rename.edits.map((e) => rel(e.file)).sort();
    const moved = { from: rel(rename.move.from), to: rel(rename.move.to) };
    const lines = [`Renamed ${input.qid} to ${input.newQid}: moved ${moved.from} to ${moved.to}.`, changedFiles.length === 0 ? 'No assessment used it.' : `Rewrote ${changedFiles.length} assessment file(s):`, ...changedFiles];
    if (rename.removeFolder) lines.push(`Removed the empty folder ${rel(rename.removeFolder)}.`);
    return { text: lines.join('\n'), data: { changedFiles, moved, ...(rename.removeFolder && { removedFolder: rel(rename.removeFolder) }) } };
  },
};
