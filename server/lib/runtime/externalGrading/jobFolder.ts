import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { JsonObject } from '../../protocol';
import type { GradingOptions } from './gradingOptions';

/** One submitted file: `contents` base64, as in submitted_answers._files. */
export interface SubmittedFile {
  name: string;
  contents: string;
}

/**
 * The `/grade` folder of a grading job, laid out as PrairieLearn lays it out: serverFilesCourse/
 * with the entries the question lists (and its old copy shared/), tests/ from the question,
 * student/ with the submitted files, data/data.json with the data grade() would get. results/ is
 * left to the grader. Throws on a file name that leaves student/ or a missing serverFilesCourse entry.
 */
export function buildJobFolder(dir: string, courseRoot: string, questionDir: string, options: GradingOptions, data: JsonObject): void {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const sub of ['serverFilesCourse', 'tests', 'student', 'data']) fs.mkdirSync(nodePath.join(dir, sub), { recursive: true });
  const courseFiles = nodePath.join(courseRoot, 'serverFilesCourse');
  for (const entry of options.serverFilesCourse) {
    const src = nodePath.join(courseFiles, entry);
    if (!inside(courseFiles, src)) throw new Error(`"serverFilesCourse" entry "${entry}" is outside serverFilesCourse/`);
    if (!fs.existsSync(src)) throw new Error(`"serverFilesCourse" entry "${entry}" does not exist in ${courseFiles}`);
    fs.cpSync(src, nodePath.join(dir, 'serverFilesCourse', entry), { recursive: true });
  }
  // Graders written for /grade/shared still find the course files there.
  fs.cpSync(nodePath.join(dir, 'serverFilesCourse'), nodePath.join(dir, 'shared'), { recursive: true });
  const tests = nodePath.join(questionDir, 'tests');
  if (fs.existsSync(tests)) fs.cpSync(tests, nodePath.join(dir, 'tests'), { recursive: true });
  const student = nodePath.join(dir, 'student');
  for (const file of submittedFiles(data)) {
    const target = nodePath.join(student, file.name);
    if (!inside(student, target)) throw new Error(`submitted file name "${file.name}" leaves the student folder`);
    fs.mkdirSync(nodePath.dirname(target), { recursive: true });
    fs.writeFileSync(target, Buffer.from(file.contents, 'base64'));
  }
  fs.writeFileSync(nodePath.join(dir, 'data', 'data.json'), JSON.stringify(data));
}

export function submittedFiles(data: JsonObject): SubmittedFile[] {
  const answers = (data.submitted_answers ?? {}) as JsonObject;
  const files = Array.isArray(answers._files) ? (answers._files as unknown[]) : [];
  return files.map((f, i) => {
    const file = (f ?? {}) as Record<string, unknown>;
    if (typeof file.name !== 'string' || file.name === '') throw new Error(`submitted file ${i + 1} has no name`);
    if (typeof file.contents !== 'string') throw new Error(`submitted file "${file.name}" has no contents`);
    return { name: file.name, contents: file.contents };
  });
}

function inside(root: string, path: string): boolean {
  const rel = nodePath.relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !nodePath.isAbsolute(rel);
}

/** The data of data/data.json: the fields grade() gets, with the seed as a number, as PrairieLearn writes them. */
export function jobData(fields: {
  params: JsonObject;
  correctAnswers: JsonObject;
  submittedAnswers: JsonObject;
  formatErrors: JsonObject;
  rawSubmittedAnswers: JsonObject;
  seed: string;
  gradable: boolean;
}): JsonObject {
  return {
    params: fields.params,
    correct_answers: fields.correctAnswers,
    submitted_answers: fields.submittedAnswers,
    format_errors: fields.formatErrors,
    partial_scores: {},
    score: 0,
    feedback: {},
    variant_seed: parseInt(fields.seed, 36),
    options: {},
    raw_submitted_answers: fields.rawSubmittedAnswers,
    gradable: fields.gradable,
  };
}
