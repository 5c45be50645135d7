// Records the tree opens as read-only JSON documents: which API call fetches each one, and how it is named
// in a `prairielearn:` URI so that VS Code can reopen (and refresh) the document by itself.
import type { CallOptions, PrairieLearnClient } from '../api/client';

export type RecordRef =
  | { kind: 'courseInstance'; ci: string }
  | { kind: 'courseInstanceAccessRules'; ci: string }
  | { kind: 'assessment'; ci: string; id: string }
  | { kind: 'assessmentAccessRules'; ci: string; a: string }
  | { kind: 'assessmentAccessRule'; ci: string; a: string; id: string }
  | { kind: 'assessmentInstance'; ci: string; id: string }
  | { kind: 'instanceQuestion'; ci: string; ai: string; id: string }
  | { kind: 'submission'; ci: string; id: string }
  | { kind: 'log'; ci: string; ai: string }
  | { kind: 'gradebook'; ci: string };

export const RECORD_SCHEME = 'prairielearn';

/** What the API answers for the record; list members are picked out of their list (no single endpoint). */
export async function fetchRecord(client: PrairieLearnClient, ref: RecordRef, o?: CallOptions): Promise<unknown> {
  switch (ref.kind) {
    case 'courseInstance':
      return client.courseInstance(ref.ci, o);
    case 'courseInstanceAccessRules':
      return client.courseInstanceAccessRules(ref.ci, o);
    case 'assessment':
      return client.assessment(ref.ci, ref.id, o);
    case 'assessmentAccessRules':
      return client.assessmentAccessRules(ref.ci, ref.a, o);
    case 'assessmentAccessRule':
      return pick(await client.assessmentAccessRules(ref.ci, ref.a, o), 'assessment_access_rule_id', ref.id, `access rule ${ref.id}`);
    case 'assessmentInstance':
      return client.assessmentInstance(ref.ci, ref.id, o);
    case 'instanceQuestion':
      return pick(await client.instanceQuestions(ref.ci, ref.ai, o), 'instance_question_id', ref.id, `instance question ${ref.id}`);
    case 'submission':
      return client.submission(ref.ci, ref.id, o);
    case 'log':
      return client.log(ref.ci, ref.ai, o);
    case 'gradebook':
      return client.gradebook(ref.ci, o);
  }
}

function pick<T extends object>(items: T[], key: keyof T, id: string, what: string): T {
  const found = items.find((item) => String(item[key]) === id);
  if (!found) throw new Error(`${what} is no longer on the server.`);
  return found;
}

/**
 * The URI parts of a record document: a readable file name as the path (it becomes the tab title; `.json`
 * gives JSON highlighting) and the server and record in the query.
 */
export function recordUriParts(serverUrl: string, ref: RecordRef, title: string): { path: string; query: string } {
  const name = title.replace(/[\\/:*?"<>|#%]+/g, ' ').replace(/\s+/g, ' ').trim() || ref.kind;
  const query = new URLSearchParams({ server: serverUrl, ...ref }).toString();
  return { path: `/${name}.json`, query };
}

const FIELDS: Record<RecordRef['kind'], string[]> = {
  courseInstance: ['ci'],
  courseInstanceAccessRules: ['ci'],
  assessment: ['ci', 'id'],
  assessmentAccessRules: ['ci', 'a'],
  assessmentAccessRule: ['ci', 'a', 'id'],
  assessmentInstance: ['ci', 'id'],
  instanceQuestion: ['ci', 'ai', 'id'],
  submission: ['ci', 'id'],
  log: ['ci', 'ai'],
  gradebook: ['ci'],
};

/** The server and record named by a URI query; undefined when the query is not one of ours. */
export function parseRecordQuery(query: string): { serverUrl: string; ref: RecordRef } | undefined {
  const params = new URLSearchParams(query);
  const kind = params.get('kind') as RecordRef['kind'] | null;
  const serverUrl = params.get('server');
  if (!kind || !serverUrl || !(kind in FIELDS)) return undefined;
  const ref: Record<string, string> = { kind };
  for (const field of FIELDS[kind]) {
    const value = params.get(field);
    if (!value || !/^\d+$/.test(value)) return undefined;
    ref[field] = value;
  }
  return { serverUrl, ref: ref as unknown as RecordRef };
}

/** Two-space JSON with a final newline, as PrairieLearn pretty-prints it. */
export function formatRecord(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
