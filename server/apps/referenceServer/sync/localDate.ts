const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/**
 * An allowAccess date (course-local wall time, converted by the database in the instance's zone), or
 * null when absent or not in that form (the checker reports such dates).
 */
export function localDate(value: unknown): string | null {
  return typeof value === 'string' && LOCAL_DATE.test(value) ? value : null;
}
