import * as nodePath from 'node:path';
import { qidUseCounts, usesOf } from '../../course';
import { bounded, LIMIT_PROPERTY, moreLine } from '../bounded';
import { ToolError } from '../toolError';
import type { AgentTool } from '../toolTypes';

const COURSE = { type: 'string', description: 'Course root, when several courses are served.' };

export const findQuestionsTool: AgentTool = {
  name: 'find_questions',
  title: 'Find questions',
  description:
    'Find questions of the course by words in their QID, title, topic or tags (every word must match; no query lists all), optionally by exact topic or tag. ' +
    'Returns each QID with its title, topic, tags and how many assessments use it. Use it to find a question to change, or similar questions to copy the course\'s style from. Read-only.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to match (case-insensitive).' },
      topic: { type: 'string', description: 'Only questions of this topic.' },
      tag: { type: 'string', description: 'Only questions with this tag.' },
      course: COURSE,
      limit: LIMIT_PROPERTY,
    },
    additionalProperties: false,
  },
  writes: false,
  async run(sessions, input) {
    const session = sessions.session(input.course);
    const course = session.fresh();
    const words = typeof input.query === 'string' ? input.query.toLowerCase().split(/\s+/).filter(Boolean) : [];
    const uses = qidUseCounts(course);
    const found = [];
    for (const [qid, entry] of [...course.questions].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const d = (entry.file?.value ?? {}) as { title?: unknown; topic?: unknown; tags?: unknown };
      const title = typeof d.title === 'string' ? d.title : '';
      const topic = typeof d.topic === 'string' ? d.topic : '';
      const tags = Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string') : [];
      if (typeof input.topic === 'string' && topic !== input.topic) continue;
      if (typeof input.tag === 'string' && !tags.includes(input.tag)) continue;
      const hay = `${qid} ${title} ${topic} ${tags.join(' ')}`.toLowerCase();
      if (!words.every((w) => hay.includes(w))) continue;
      found.push({ qid, title, topic, tags, assessments: uses.get(qid) ?? 0 });
    }
    const { shown, more } = bounded(found, input.limit);
    const head = `${found.length} question(s) of ${course.questions.size} match.`;
    const lines = shown.map((q) => `${q.qid} — ${q.title} [topic ${q.topic || '-'}; tags ${q.tags.join(', ') || '-'}; in ${q.assessments} assessment(s)]`);
    return { text: [head, ...lines].join('\n') + moreLine(more, 'questions'), data: { courseRoot: session.root, total: found.length, questions: shown, more } };
  },
};

export const questionUsesTool: AgentTool = {
  name: 'question_uses',
  title: 'Assessments that use a question',
  description:
    'List the assessments (infoAssessment.json files, with course instance, assessment id, file and line) that use a question, as an alternative or directly. ' +
    'Use it before renaming, moving or deleting a question, or to see where a change will show. Read-only.',
  inputSchema: {
    type: 'object',
    properties: { qid: { type: 'string', description: 'The question id.' }, course: COURSE, limit: LIMIT_PROPERTY },
    required: ['qid'],
    additionalProperties: false,
  },
  writes: false,
  async run(sessions, input) {
    const session = sessions.session(input.course);
    const course = session.fresh();
    const qid = input.qid as string;
    if (!course.questions.has(qid)) throw new ToolError(`There is no question "${qid}" in ${session.root}. find_questions lists the QIDs.`);
    const all = usesOf(course, { type: 'qid', qid }).map((u) => ({
      courseInstance: u.entry.courseInstanceId ?? '',
      assessment: u.entry.id,
      file: nodePath.relative(session.root, u.entry.path).split(nodePath.sep).join('/'),
      line: u.entry.file!.positionAt(u.range.start).line + 1,
    }));
    const { shown, more } = bounded(all, input.limit);
    const head = all.length === 0 ? `No assessment uses ${qid}.` : `${qid} is used ${all.length} time(s):`;
    const lines = shown.map((u) => `${u.courseInstance}/${u.assessment} (${u.file}:${u.line})`);
    return { text: [head, ...lines].join('\n') + moreLine(more, 'uses'), data: { qid, total: all.length, uses: shown, more } };
  },
};
