/**
 * PrairieLearn's date rule for legacy access dates (`allowAccess` start/end, `publishing.*`,
 * `selfEnrollment.beforeDate`): the text must contain `YYYY-MM-DD HH:MM:SS` (a `T` may replace the
 * space; seconds are required) and must be a real calendar date and time. A trailing fraction or
 * offset is tolerated. Returns the date, or undefined when PrairieLearn would reject it.
 */
export function parseLegacyDate(text: string): Date | undefined {
  // PrairieLearn first searches for the pattern anywhere in the text, then parses the whole text as
  // ISO 8601; both must succeed, which amounts to this anchored form.
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (minute > 59 || second > 59) return undefined;
  if (hour > 24 || (hour === 24 && (minute !== 0 || second !== 0 || (m[7] !== undefined && Number(m[7]) !== 0)))) return undefined;
  const millis = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const zone = m[8];
  if (zone === undefined) return new Date(year, month - 1, day, hour, minute, second, millis);
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
