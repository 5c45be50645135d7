import { parseLegacyDate } from './legacyDate';

/** The parts of a course instance's data that decide when it is accessible. */
interface AccessData {
  allowAccess?: { endDate?: string | null }[] | null;
  publishing?: { startDate?: string | null; endDate?: string | null } | null;
}

/**
 * PrairieLearn's "expired" course instance, whose assessments are spared the warnings about
 * settings nobody will touch again. With `allowAccess`, it is expired when every rule has a
 * valid end date in the past (so `[]` is expired); otherwise it is expired unless `publishing`
 * has both dates and the end date is not past. A course instance whose file did not load
 * counts as expired.
 */
export function isCourseInstanceExpired(ciData: AccessData | undefined, now: Date): boolean {
  if (!ciData) return true;
  if (ciData.allowAccess != null) {
    return ciData.allowAccess.every((rule) => {
      const end = rule.endDate ? parseLegacyDate(rule.endDate) : undefined;
      return end !== undefined && end.getTime() < now.getTime();
    });
  }
  const publishing = ciData.publishing;
  if (publishing?.endDate == null || publishing.startDate == null) return true;
  // PrairieLearn reads the end date leniently here; an unparseable one is never past.
  const end = parseLegacyDate(publishing.endDate) ?? new Date(publishing.endDate);
  return end.getTime() < now.getTime();
}

/**
 * PrairieLearn's "accessible in future" course instance, for which the deprecation warnings of
 * infoCourseInstance.json are shown: a valid `publishing.endDate` in the future (ignored when
 * `allowAccess` is also set), or any `allowAccess` rule without a valid end date or with one
 * in the future.
 */
export function isAccessibleInFuture(ciData: AccessData, now: Date): boolean {
  const t = now.getTime();
  if (!ciData.allowAccess && ciData.publishing?.endDate != null) {
    const end = parseLegacyDate(ciData.publishing.endDate);
    if (end && end.getTime() > t) return true;
  }
  for (const rule of ciData.allowAccess ?? []) {
    const end = rule.endDate ? parseLegacyDate(rule.endDate) : undefined;
    if (!end || end.getTime() > t) return true;
  }
  return false;
}
