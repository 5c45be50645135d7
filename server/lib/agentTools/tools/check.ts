import * as nodePath from 'node:path';
import {
  allEntries, limitFindings, declarationOf, SourceText, UUID_CODES, type CourseDiagnostic, type Positions, type Severity,
} from '../../course';
import { bounded, LIMIT_PROPERTY, moreLine } from '../bounded';
import type { AgentTool } from '../toolTypes';

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export interface Finding {
  /** Relative to the course root, '/'-separated. */
  file: string;
  line: number;
  column: number;
  severity: Severity;
  code: string;
  message: string;
  /** The one safe fix, when there is one (the editor's quick fix does it). */
  fix?: string;
}

/** The safe fix of a problem in words, as the editor's fix-all applies it. */
function fixOf(d: CourseDiagnostic): string | undefined {
  if (UUID_CODES.has(d.code)) return 'give the file a new UUID (any fresh random UUID v4)';
  const declaration = declarationOf(d);
  if (declaration) return `declare ${declaration.names.map((n) => JSON.stringify(n)).join(', ')} in the ${declaration.kind} list of infoCourse.json`;
  return undefined;
}

export const checkTool: AgentTool = {
  name: 'check',
  title: 'Check course files',
  description:
    'Check a PrairieLearn course, a folder of it or one file (info.json, infoAssessment.json, question.html...) the way PrairieLearn\'s sync and the editor do, without running any code. ' +
    'Use it after every edit: pass the file you changed as "path" for a fast re-check. Returns findings with file, line, column, code, severity and message, and the safe fix when there is one; ' +
    'filter by "severity" (the least severe level to list) and "codes". Read-only.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File or folder to check, absolute or relative to the course root; default: the whole course.' },
      course: { type: 'string', description: 'Course root, when several courses are served.' },
      severity: { type: 'string', enum: ['error', 'warning', 'information', 'hint'], description: 'List findings of this severity or worse (default: information).' },
      codes: { type: 'array', items: { type: 'string' }, description: 'Only these diagnostic codes.' },
      limit: LIMIT_PROPERTY,
    },
    additionalProperties: false,
  },
  writes: false,
  async run(sessions, input) {
    const { session, path } = sessions.locate(input.path, input.course);
    const { course, diagnostics, questionFileText } = session.check(path);
    const worst = RANK[(input.severity as Severity) ?? 'information'];
    const codes = Array.isArray(input.codes) && input.codes.length > 0 ? new Set(input.codes as string[]) : undefined;
    const inScope = (file: string) => path === session.root || file === path || file.startsWith(path + nodePath.sep);
    const texts = new Map<string, Positions | undefined>();
    for (const entry of allEntries(course)) texts.set(entry.path, entry.file);
    const positionsOf = (file: string): Positions | undefined => {
      if (!texts.has(file)) {
        const text = questionFileText(file);
        texts.set(file, text === undefined ? undefined : new SourceText(text));
      }
      return texts.get(file);
    };
    const all: Finding[] = [];
    for (const d of limitFindings(diagnostics)) {
      if (!inScope(d.file) || RANK[d.severity] > worst || (codes && !codes.has(d.code))) continue;
      const p = positionsOf(d.file)?.positionAt(d.range.start);
      const fix = fixOf(d);
      all.push({
        file: nodePath.relative(session.root, d.file).split(nodePath.sep).join('/') || '.',
        line: p ? p.line + 1 : 1,
        column: p ? p.character + 1 : 1,
        severity: d.severity,
        code: d.code,
        message: d.message,
        ...(fix && { fix }),
      });
    }
    all.sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
    const counts = { errors: 0, warnings: 0, notes: 0 };
    for (const f of all) {
      if (f.severity === 'error') counts.errors++;
      else if (f.severity === 'warning') counts.warnings++;
      else counts.notes++;
    }
    const { shown, more } = bounded(all, input.limit);
    const scope = path === session.root ? 'the course' : nodePath.relative(session.root, path) || '.';
    const head = all.length === 0 ? `No problems in ${scope}.` : `${counts.errors} error(s), ${counts.warnings} warning(s), ${counts.notes} note(s) in ${scope}:`;
    const lines = shown.map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} [${f.code}] ${f.message}${f.fix ? ` (fix: ${f.fix})` : ''}`);
    return {
      text: [head, ...lines].join('\n') + moreLine(more, 'findings'),
      data: { courseRoot: session.root, scope, counts, findings: shown, more },
    };
  },
};
