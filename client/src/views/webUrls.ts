// Addresses of PrairieLearn's own web pages for what the tree shows, for "Open in PrairieLearn".
//
// These shapes are PrairieLearn's convention, not part of its API: they are the routes its web server
// mounts (apps/prairielearn/src/server.ts in the PrairieLearn repository, read at commit
// a1a146529bfcba3c9fbb1adc43deace6bfd75c7e), e.g. `/pl/course_instance/:course_instance_id/instructor/
// instance_admin/gradebook`. The instructor pages of a course instance all live under
// `/pl/course_instance/<id>/instructor`; a course's own pages under `/pl/course/<id>/course_admin`.
// The local reference server serves only the API, so there these addresses are what a real server would use.

export type WebPage =
  | { kind: 'course'; course: string }
  | { kind: 'courseInstance'; ci: string }
  | { kind: 'gradebook'; ci: string }
  | { kind: 'courseInstanceAccess'; ci: string }
  | { kind: 'assessment'; ci: string; a: string }
  | { kind: 'assessmentAccess'; ci: string; a: string }
  | { kind: 'assessmentInstance'; ci: string; ai: string }
  | { kind: 'instanceQuestion'; ci: string; a: string; iq: string };

const digits = (value: string): string => {
  if (!/^\d+$/.test(value)) throw new Error(`"${value}" is not a PrairieLearn id`);
  return value;
};

/** The page's path below the server URL; throws when an id is not a PrairieLearn id (digits). */
export function webPath(page: WebPage): string {
  if (page.kind === 'course') return `/pl/course/${digits(page.course)}/course_admin/instances`;
  const instructor = `/pl/course_instance/${digits(page.ci)}/instructor`;
  switch (page.kind) {
    case 'courseInstance':
      return `${instructor}/instance_admin/assessments`;
    case 'gradebook':
      return `${instructor}/instance_admin/gradebook`;
    case 'courseInstanceAccess':
      return `${instructor}/instance_admin/access`;
    case 'assessment':
      // PrairieLearn redirects the bare assessment address to its Questions tab; named here directly.
      return `${instructor}/assessment/${digits(page.a)}/questions`;
    case 'assessmentAccess':
      return `${instructor}/assessment/${digits(page.a)}/access`;
    case 'assessmentInstance':
      // The instructor's view of one student's attempt: its questions, scores and event log.
      return `${instructor}/assessment_instance/${digits(page.ai)}`;
    case 'instanceQuestion':
      // The manual-grading page is the instructor page of one instance question (with its submissions).
      return `${instructor}/assessment/${digits(page.a)}/manual_grading/instance_question/${digits(page.iq)}`;
  }
}

/**
 * The full address: the server URL (with any path prefix, as normalizeServerUrl gives it) and the page.
 * Undefined when an id is not one (an API answer missing a field): the row then has no link.
 */
export function webUrl(serverUrl: string, page: WebPage): string | undefined {
  try {
    return serverUrl.replace(/\/+$/, '') + webPath(page);
  } catch {
    return undefined;
  }
}
