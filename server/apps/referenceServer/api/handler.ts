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
