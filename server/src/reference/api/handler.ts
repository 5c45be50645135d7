import type { Database } from '../db/database';
import type { CourseInstanceContext } from './authz';

/** What an endpoint of the course-instance chain gets: the authorized context and the path ids. */
export interface CourseInstanceRequest {
  db: Database;
  ci: CourseInstanceContext;
  params: Record<string, string>;
  now: Date;
}

export type CourseInstanceHandler = (req: CourseInstanceRequest) => Promise<unknown>;

/** An endpoint that looked for one row and found none: PrairieLearn's `{"message": "Not Found"}`. */
export class NotFound extends Error {
  constructor() {
    super('Not Found');
  }
}

/**
 * A body already written as PrairieLearn's pretty JSON (for large answers built without objects).
 * `source`: a hash of everything the body is written from, to stand for the body's own in the ETag;
 * `release`: called once the body has been sent (its memory may then be reused).
 */
export class PrettyJson {
  constructor(
    readonly body: string | Buffer,
    readonly options: { source?: string; release?: () => void } = {},
  ) {}
}
