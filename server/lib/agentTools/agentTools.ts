import Ajv, { type ValidateFunction } from 'ajv';
import { CourseSessions, type CourseSessionsOptions } from './courseSessions';
import { elementFacts, elementFactsText, elementList, findElement } from './elementFacts';
import { NEW_QUESTION_PROMPT, newQuestionPrompt } from './newQuestionPrompt';
import { checkTool } from './tools/check';
import { elementReferenceTool } from './tools/elementReference';
import { findQuestionsTool, questionUsesTool } from './tools/findQuestions';
import { gradeSubmissionTool } from './tools/gradeSubmission';
import { newQuestionTool } from './tools/newQuestion';
import { renameQuestionTool } from './tools/renameQuestion';
import { renderQuestionTool } from './tools/renderQuestion';
import { testQuestionTool } from './tools/testQuestion';
import { ToolError } from './toolError';
import type { AgentTool, ToolResult } from './toolTypes';

/** Every tool, in the order they are listed to an agent. */
export const AGENT_TOOLS: readonly AgentTool[] = [
  checkTool,
  testQuestionTool,
  renderQuestionTool,
  gradeSubmissionTool,
  elementReferenceTool,
  findQuestionsTool,
  questionUsesTool,
  newQuestionTool,
  renameQuestionTool,
];

/** A resource an MCP client may read: the element facts and the courses' QIDs. */
export interface ToolResource {
  uri: string;
  name: string;
  description: string;
  mimeType: string;
}

/** Longest text a tool result may have; a result past it is cut, saying so. */
const MAX_RESULT_CHARS = 40_000;

/**
 * The tools over a set of courses: one instance per program (the MCP server, the language server),
 * kept between calls so that checks are incremental and the question runtime stays warm.
 */
export class AgentTools {
  readonly sessions: CourseSessions;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(options: CourseSessionsOptions) {
    this.sessions = new CourseSessions(options);
    const ajv = new Ajv({ allErrors: false, strict: false });
    for (const tool of AGENT_TOOLS) this.validators.set(tool.name, ajv.compile(tool.inputSchema));
  }

  list(): readonly AgentTool[] {
    return AGENT_TOOLS;
  }

  /** Runs a tool. Bad input, refusals and failures come back as error results, never as throws. */
  async run(name: string, input: unknown): Promise<ToolResult> {
    const tool = AGENT_TOOLS.find((t) => t.name === name);
    if (!tool) return { isError: true, text: `No tool "${name}". Tools: ${AGENT_TOOLS.map((t) => t.name).join(', ')}.`, data: null };
    const args = input ?? {};
    const validate = this.validators.get(name)!;
    if (!validate(args)) {
      const e = validate.errors![0];
      const where = e.instancePath ? `"${e.instancePath.slice(1).replace(/\//g, '.')}"` : 'the input';
      return { isError: true, text: `Bad input to ${name}: ${where} ${e.message}${e.params && 'additionalProperty' in e.params ? ` ("${e.params.additionalProperty}")` : ''}.`, data: null };
    }
    try {
      const result = await tool.run(this.sessions, args as Record<string, unknown>);
      if (result.text.length > MAX_RESULT_CHARS) result.text = `${result.text.slice(0, MAX_RESULT_CHARS)}\n… (${result.text.length - MAX_RESULT_CHARS} more characters: narrow the request)`;
      return result;
    } catch (err) {
      if (err instanceof ToolError) return { isError: true, text: err.message, data: null };
      return { isError: true, text: `${name} failed: ${err instanceof Error ? err.message : String(err)}`, data: null };
    }
  }

  resources(): ToolResource[] {
    const out: ToolResource[] = [
      { uri: 'prairielearn://elements', name: 'elements', description: 'Every PrairieLearn element with a one-line description.', mimeType: 'text/plain' },
    ];
    for (const e of elementList()) out.push({ uri: `prairielearn://elements/${e.name}`, name: e.name, description: e.description, mimeType: 'text/plain' });
    this.sessions.roots().forEach((root, i) => {
      out.push({ uri: `prairielearn://courses/${i}/qids`, name: `qids of ${root}`, description: `The QIDs of the course at ${root}, one a line with the title.`, mimeType: 'text/plain' });
    });
    return out;
  }

  /** A resource's text; undefined when there is none at `uri`. */
  readResource(uri: string): string | undefined {
    if (uri === 'prairielearn://elements') return elementList().map((e) => `${e.name}: ${e.description}`).join('\n');
    const element = /^prairielearn:\/\/elements\/([\w-]+)$/.exec(uri);
    if (element) {
      const info = findElement(element[1]);
      return info && elementFactsText(elementFacts(info));
    }
    const qids = /^prairielearn:\/\/courses\/(\d+)\/qids$/.exec(uri);
    const root = qids ? this.sessions.roots()[Number(qids[1])] : undefined;
    if (!root) return undefined;
    const course = this.sessions.session(root).fresh();
    return [...course.questions]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([qid, e]) => `${qid}\t${String((e.file?.value as { title?: unknown } | undefined)?.title ?? '')}`)
      .join('\n');
  }

  prompts(): (typeof NEW_QUESTION_PROMPT)[] {
    return [NEW_QUESTION_PROMPT];
  }

  /** The text of a prompt, or a ToolError. */
  prompt(name: string, args: Record<string, string | undefined>): string {
    if (name !== NEW_QUESTION_PROMPT.name) throw new ToolError(`No prompt "${name}".`);
    if (!args.about?.trim()) throw new ToolError('The new_question prompt needs "about": what the question should ask.');
    return newQuestionPrompt(this.sessions.session(args.course), args.about.trim(), args.qid?.trim() || undefined);
  }

  dispose(): Promise<void> {
    return this.sessions.dispose();
  }
}
