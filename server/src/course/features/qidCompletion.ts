import { isDraftQid, isTemplateQid, type Course } from '../course';

export interface QidCandidate {
  qid: string;
  title?: string;
  topic?: string;
  /** The question's info.json. */
  path: string;
  /** Under `template/`: a starting point for new questions, seldom one to assess with. */
  template: boolean;
}

/**
 * Questions an assessment may list: every question except drafts, which PrairieLearn refuses there.
 * Templates come last: they are allowed, but seldom what an assessment means.
 */
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
      template: isTemplateQid(qid),
    });
  }
  return out.sort((a, b) => Number(a.template) - Number(b.template) || (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
}
