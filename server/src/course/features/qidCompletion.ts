import { isDraftQid, type Course } from '../course';

export interface QidCandidate {
  qid: string;
  title?: string;
  topic?: string;
  /** The question's info.json. */
  path: string;
}

/** Questions an assessment may list: every question except drafts, which PrairieLearn refuses there. */
export function qidCandidates(course: Course): QidCandidate[] {
  const out: QidCandidate[] = [];
  for (const [qid, entry] of course.questions) {
    if (isDraftQid(qid)) continue;
    const data = entry.file?.value as { title?: unknown; topic?: unknown } | undefined;
    out.push({
      qid,
      title: typeof data?.title === 'string' ? data.title : undefined,
      topic: typeof data?.topic === 'string' ? data.topic : undefined,
      path: entry.path,
    });
  }
  return out.sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
}
