import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import * as jsonc from 'jsonc-parser';
import { nodeCourseReader, declaredNames, newUuid, newQidRefusal } from '../../course';
import { clip } from '../bounded';
import { BUILT_IN_FILES, BUILT_IN_TEMPLATE, courseTemplates, readTemplateFolder } from '../questionTemplates';
import { ToolError } from '../toolError';
import type { AgentTool } from '../toolTypes';

/** info.json of the new question: the template's, with a fresh UUID, the title and topic, and no "template" tag. */
function newInfoJson(template: string | undefined, uuid: string, title: string, topic: string): string {
  let text = template ?? `{\n  "uuid": "",\n  "title": "",\n  "topic": "",\n  "tags": [],\n  "type": "v3"\n}\n`;
  const format = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
  const set = (path: jsonc.JSONPath, value: unknown) => (text = jsonc.applyEdits(text, jsonc.modify(text, path, value, format)));
  set(['uuid'], uuid);
  set(['title'], title);
  set(['topic'], topic);
  const tags = (jsonc.parse(text) as { tags?: unknown }).tags;
  if (Array.isArray(tags) && tags.includes('template')) set(['tags'], tags.filter((t) => t !== 'template'));
  return text.endsWith('\n') ? text : `${text}\n`;
}

export const newQuestionTool: AgentTool = {
  name: 'new_question',
  title: 'Create a question',
  description:
    'WRITES FILES. Create a new question folder questions/<qid>/ from one of the course\'s template questions (QIDs under template/) or the built-in one ("builtin:numeric"), ' +
    'with a fresh UUID, the given title and topic. Refuses a QID that exists. Returns the new files and their contents, to edit next; then run check and test_question on it.',
  inputSchema: {
    type: 'object',
    properties: {
      qid: { type: 'string', description: 'The new question id: its folder under questions/, such as "algebra/addFractions".' },
      title: { type: 'string', minLength: 1, description: 'Title shown to students and staff.' },
      topic: { type: 'string', description: "One of the course's topics (infoCourse.json); default: the template's." },
      template: { type: 'string', description: `QID of the course question to copy (its templates are listed when omitted), or "${BUILT_IN_TEMPLATE}"; default: the course's first template, else the built-in one.` },
      course: { type: 'string', description: 'Course root, when several courses are served.' },
    },
    required: ['qid', 'title'],
    additionalProperties: false,
  },
  writes: true,
  async run(sessions, input) {
    const session = sessions.session(input.course);
    const course = session.fresh();
    const qid = input.qid as string;
    const refused = newQidRefusal(course, nodeCourseReader, qid);
    if (refused) throw new ToolError(refused);
    const templates = courseTemplates(course);
    const templateQid = typeof input.template === 'string' && input.template ? input.template : (templates[0]?.qid ?? BUILT_IN_TEMPLATE);
    let files: Map<string, Buffer>;
    if (templateQid === BUILT_IN_TEMPLATE) files = new Map(Object.entries(BUILT_IN_FILES).map(([k, v]) => [k, Buffer.from(v)]));
    else {
      const template = course.questions.get(templateQid);
      if (!template) throw new ToolError(`There is no question "${templateQid}" to copy. Templates of this course: ${templates.map((t) => t.qid).join(', ') || 'none'}; or "${BUILT_IN_TEMPLATE}".`);
      files = readTemplateFolder(template.dir);
    }
    const templateInfo = files.get('info.json')?.toString('utf8');
    const templateTopic = templateInfo ? (jsonc.parse(templateInfo) as { topic?: unknown })?.topic : undefined;
    const topics = declaredNames(course, 'topics').map((t) => t.name);
    const topic = typeof input.topic === 'string' && input.topic ? input.topic : typeof templateTopic === 'string' ? templateTopic : (topics[0] ?? 'Default');
    files.set('info.json', Buffer.from(newInfoJson(templateInfo, newUuid(), input.title as string, topic)));
    const dir = nodePath.join(session.root, 'questions', ...qid.split('/'));
    for (const [rel, content] of files) {
      fs.mkdirSync(nodePath.dirname(nodePath.join(dir, rel)), { recursive: true });
      fs.writeFileSync(nodePath.join(dir, rel), content, { flag: 'wx' });
    }
    session.fresh();
    const listed = [...files.keys()].sort();
    const shown = listed.filter((f) => ['info.json', 'question.html', 'server.py'].includes(f)).map((f) => ({ file: `questions/${qid}/${f}`, content: clip(files.get(f)!.toString('utf8'), 6000) }));
    const notes = topics.length > 0 && !topics.includes(topic) ? [`Note: topic "${topic}" is not declared in infoCourse.json (declared: ${topics.join(', ')}).`] : [];
    const text = [
      `Created questions/${qid}/ from ${templateQid} with ${listed.length} file(s): ${listed.join(', ')}.`,
      ...notes,
      ...shown.flatMap((f) => [`--- ${f.file} ---`, f.content]),
    ].join('\n');
    return { text, data: { qid, folder: `questions/${qid}`, template: templateQid, topic, files: listed, contents: shown } };
  },
};
