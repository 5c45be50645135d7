import * as nodePath from 'node:path';
import type { Course } from '../course';
import type { CourseReader } from '../courseReader';
import { declaredNames, type NameList } from './courseNames';
import { nameDeclaration, usesOf, type Use } from './courseUses';
import type { OffsetEdit } from './textEdits';

/** Edits to one file. */
export interface FileEdits {
  file: string;
  edits: OffsetEdit[];
}

/** Renaming a question: rewrite its uses, move its folder, and drop the folders the move leaves empty. */
export interface QuestionRename {
  edits: FileEdits[];
  move: { from: string; to: string };
  /** A folder under questions/ that would hold nothing after the move (PrairieLearn reports empty folders). */
  removeFolder?: string;
}

/** Why a rename cannot be done, in words for the author. */
export interface Refusal {
  refused: string;
}

export function isRefusal(x: object): x is Refusal {
  return 'refused' in x;
}

/** Why `newQid` cannot be the new QID of `oldQid`; undefined when it can. */
export function qidRefusal(course: Course, reader: CourseReader, oldQid: string, newQid: string): string | undefined {
  const question = course.questions.get(oldQid);
  if (!question) return `There is no question "${oldQid}" in this course.`;
  if (newQid === oldQid) return undefined;
  return newQidRefusal(course, reader, newQid);
}

/** Why a new question folder cannot be made at `newQid`; undefined when it can. */
export function newQidRefusal(course: Course, reader: CourseReader, newQid: string): string | undefined {
  const parts = newQid.split('/');
  if (!newQid || parts.some((p) => p === '' || p === '.' || p === '..' || p.trim() !== p) || /[\\:*?"<>|]/.test(newQid)) {
    return `"${newQid}" is not a QID: use folder names separated by "/", without empty parts, "." or "..".`;
  }
  if (newQid.startsWith('@')) return 'A QID cannot begin with "@" (PrairieLearn reserves it for questions shared by other courses).';
  if (course.questions.has(newQid)) return `A question "${newQid}" already exists.`;
  for (let n = 1; n < parts.length; n++) {
    const outer = parts.slice(0, n).join('/');
    if (course.questions.has(outer)) return `"${newQid}" would be inside the question "${outer}": a question folder cannot hold another question.`;
  }
  const inside = [...course.questions.keys()].find((q) => q.startsWith(newQid + '/'));
  if (inside) return `questions/${newQid} already holds other questions (such as "${inside}").`;
  if (reader.stat(nodePath.join(course.root, 'questions', ...parts)) !== 'missing') return `questions/${newQid} already exists.`;
  return undefined;
}

/** The rename of a question to `newQid`, or why it cannot be done. */
export function renameQuestion(course: Course, reader: CourseReader, oldQid: string, newQid: string): QuestionRename | Refusal {
  const refused = qidRefusal(course, reader, oldQid, newQid);
  if (refused) return { refused };
  const from = course.questions.get(oldQid)!.dir;
  const to = nodePath.join(course.root, 'questions', ...newQid.split('/'));
  const removeFolder = folderLeftEmpty(course, reader, from, to);
  return { edits: rewriteQids(course, new Map([[oldQid, newQid]])), move: { from, to }, ...(removeFolder && { removeFolder }) };
}

/** Rewrites every use of the QIDs in `renamed` (old QID to new) across the course's assessments. */
export function rewriteQids(course: Course, renamed: ReadonlyMap<string, string>): FileEdits[] {
  const items: { use: Use; newText: string }[] = [];
  for (const [oldQid, newQid] of renamed) {
    if (oldQid !== newQid) for (const use of usesOf(course, { type: 'qid', qid: oldQid })) items.push({ use, newText: newQid });
  }
  return groupByFile(items);
}

/**
 * The questions a folder move under questions/ takes with it (old QID to new): the folder may be a
 * question or hold questions. Undefined when nothing moves, or when the move leaves questions/ or
 * lands inside another question (those questions would no longer be found: nothing to rewrite to).
 */
export function qidsMovedWithFolder(course: Course, from: string, to: string): Map<string, string> | undefined {
  const base = nodePath.join(course.root, 'questions');
  const fromRel = relativeQid(base, from);
  const toRel = relativeQid(base, to);
  if (fromRel === undefined || toRel === undefined) return undefined;
  const moved = new Map<string, string>();
  for (const qid of course.questions.keys()) {
    if (qid === fromRel) moved.set(qid, toRel);
    else if (qid.startsWith(fromRel + '/')) moved.set(qid, toRel + qid.slice(fromRel.length));
  }
  if (moved.size === 0) return undefined;
  const toParts = toRel.split('/');
  for (let n = 1; n < toParts.length; n++) if (course.questions.has(toParts.slice(0, n).join('/')) && !moved.has(toParts.slice(0, n).join('/'))) return undefined;
  return moved;
}

/** Renames a name declared in (or built into) a list of infoCourse.json, at its declaration and every use; or why not. */
export function renameName(course: Course, list: NameList, oldName: string, newName: string): FileEdits[] | Refusal {
  if (newName === oldName) return [];
  if (!newName.trim()) return { refused: 'A name cannot be empty.' };
  if (declaredNames(course, list).some((n) => n.name === newName && !n.builtIn)) return { refused: `"${newName}" is already declared in ${list} of infoCourse.json.` };
  const uses = usesOf(course, { type: 'name', list, name: oldName });
  const declaration = nameDeclaration(course, list, oldName);
  if (declaration) uses.unshift(declaration);
  if (uses.length === 0) return { refused: `"${oldName}" is neither declared in ${list} of infoCourse.json nor used.` };
  return groupByFile(uses.map((use) => ({ use, newText: newName })));
}

function groupByFile(items: { use: Use; newText: string }[]): FileEdits[] {
  const byFile = new Map<string, OffsetEdit[]>();
  for (const { use, newText } of items) {
    let edits = byFile.get(use.entry.path);
    if (!edits) byFile.set(use.entry.path, (edits = []));
    edits.push({ start: use.range.start, end: use.range.end, newText: JSON.stringify(newText) });
  }
  return [...byFile].map(([file, edits]) => ({ file, edits }));
}

/** The QID a folder under `base` would have, '/'-separated; undefined outside `base`. */
function relativeQid(base: string, dir: string): string | undefined {
  const rel = nodePath.relative(base, dir);
  if (!rel || rel.startsWith('..') || nodePath.isAbsolute(rel)) return undefined;
  return rel.split(nodePath.sep).join('/');
}

/** The highest folder between questions/ and `from` that holds nothing but the way to `from`, unless `to` is inside it. */
function folderLeftEmpty(course: Course, reader: CourseReader, from: string, to: string): string | undefined {
  const base = nodePath.join(course.root, 'questions');
  let empty: string | undefined;
  for (let child = from, dir = nodePath.dirname(from); dir !== base && dir.startsWith(base + nodePath.sep); child = dir, dir = nodePath.dirname(dir)) {
    let names: string[];
    try {
      names = reader.readDir(dir).map((e) => e.name);
    } catch {
      break;
    }
    if (names.length !== 1 || names[0] !== nodePath.basename(child)) break;
    if (to.startsWith(dir + nodePath.sep)) break;
    empty = dir;
  }
  return empty;
}
