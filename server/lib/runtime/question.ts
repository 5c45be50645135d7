import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { INFO_FILE_NAME } from '../course';
import type { RuntimeIssue } from '../protocol';
import { readWorkspaceOptions, type WorkspaceOptions } from './workspace';

/** The v2 question types PrairieLearn still runs (through its Calculation question server). */
export const LEGACY_TYPES = ['Calculation', 'Checkbox', 'MultipleChoice', 'MultipleTrueFalse', 'File'] as const;
export type LegacyType = (typeof LEGACY_TYPES)[number];
const isLegacy = (t: unknown): t is LegacyType => (LEGACY_TYPES as readonly unknown[]).includes(t);

/** What the runtime needs of a question's info.json (the question schema, schemas/), read afresh on each call. */
export interface QuestionSource {
  courseRoot: string;
  qid: string;
  dir: string;
  /** question.html text; undefined when there is none. */
  html?: string;
  partialCredit: boolean;
  showCorrectAnswer: boolean;
  singleVariant: boolean;
  gradingMethod: 'Internal' | 'External' | 'Manual';
  dependencies: Record<string, unknown>;
  /** A legacy v2 question's type (Calculation, Checkbox, ...); undefined for a v3 question. */
  legacyType?: LegacyType;
  /** info.json's "options" (what the built-in v2 types read their choices from). */
  options: Record<string, unknown>;
  /** info.json's externalGradingOptions as written (read by externalGrading/gradingOptions.ts). */
  externalGradingOptions: unknown;
  /** The `default` of each entry of info.json's `preferences`: PrairieLearn passes them as `data["preferences"]`. */
  preferences: Record<string, unknown>;
  /** workspaceOptions.gradedFiles when info.json has a workspace (`workspaceOptions.image`); undefined otherwise. */
  workspaceGradedFiles?: string[];
  /** info.json workspaceOptions, when it names an image. */
  workspace?: WorkspaceOptions;
  /** Problems that stop the question from running at all (fatal, phase "setup"). */
  issues: RuntimeIssue[];
}

export function readQuestion(courseRoot: string, qid: string): QuestionSource {
  const root = nodePath.resolve(courseRoot);
  const dir = nodePath.join(root, 'questions', ...qid.split('/'));
  const infoPath = nodePath.join(dir, INFO_FILE_NAME.question);
  const issues: RuntimeIssue[] = [];
  let info: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(infoPath, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) info = parsed as Record<string, unknown>;
    else issues.push({ message: 'info.json is not a JSON object', fatal: true, phase: 'setup', file: infoPath });
  } catch (err) {
    const message = (err as NodeJS.ErrnoException).code === 'ENOENT' ? `no question "${qid}" (${infoPath} is missing)` : `info.json cannot be read: ${(err as Error).message}`;
    issues.push({ message, fatal: true, phase: 'setup', file: infoPath });
  }
  const type = info.type;
  const legacyType = isLegacy(type) ? type : undefined;
  if (type !== undefined && type !== 'v3' && !legacyType) {
    issues.push({ message: `"type": "${String(type)}" is not a question type PrairieLearn runs (v3, or v2's ${LEGACY_TYPES.join(', ')})`, fatal: true, phase: 'setup', file: infoPath });
  }
  let html: string | undefined;
  try {
    html = fs.readFileSync(nodePath.join(dir, 'question.html'), 'utf8');
  } catch {
    // v2 built-in types draw their own panels; a v2 Calculation question without one shows nothing.
    if (issues.length === 0 && !legacyType) issues.push({ message: 'question.html is missing', fatal: true, phase: 'setup', file: nodePath.join(dir, 'question.html') });
  }
  const method = info.gradingMethod;
  return {
    courseRoot: root,
    qid,
    dir,
    html,
    // PrairieLearn's default is partial credit for v3 questions only.
    partialCredit: typeof info.partialCredit === 'boolean' ? info.partialCredit : !legacyType,
    showCorrectAnswer: info.showCorrectAnswer !== false,
    singleVariant: info.singleVariant === true,
    gradingMethod: method === 'External' || method === 'Manual' ? method : 'Internal',
    dependencies: info.dependencies && typeof info.dependencies === 'object' ? (info.dependencies as Record<string, unknown>) : {},
    legacyType,
    options: info.options && typeof info.options === 'object' && !Array.isArray(info.options) ? (info.options as Record<string, unknown>) : {},
    externalGradingOptions: info.externalGradingOptions,
    preferences: defaultPreferences(info.preferences),
    workspaceGradedFiles: workspaceGradedFiles(info.workspaceOptions),
    workspace: readWorkspaceOptions(info),
    issues,
  };
}

function defaultPreferences(schema: unknown): Record<string, unknown> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(schema as Record<string, unknown>)) {
    out[key] = entry && typeof entry === 'object' ? (entry as { default?: unknown }).default : undefined;
  }
  return out;
}

function workspaceGradedFiles(options: unknown): string[] | undefined {
  if (!options || typeof options !== 'object' || typeof (options as { image?: unknown }).image !== 'string') return undefined;
  const files = (options as { gradedFiles?: unknown }).gradedFiles;
  return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
}
