/** PrairieLearn's three timestamp formats (docs/reference/instructorApi.md, Records). */

const partsCache = new Map<string, Intl.DateTimeFormat>();
const nameCache = new Map<string, Intl.DateTimeFormat>();

function wallClock(date: Date, timeZone: string): Record<string, string> {
  let fmt = partsCache.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(timeZone, fmt);
  }
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(date)) out[p.type] = p.value;
  return out;
}

const offsetCache = new Map<string, Map<number, number>>();
const QUARTER_HOUR = 900_000;

/**
 * The zone's UTC offset in minutes at `ms`. Zones change offset only on quarter-hour boundaries, so
 * one ICU lookup per zone and quarter hour serves every timestamp in it (the gradebook formats tens
 * of thousands).
 */
function offsetMinutes(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  let offset = zone.get(bucket);
  if (offset === undefined) {
    const at = bucket * QUARTER_HOUR;
    const p = wallClock(new Date(at), timeZone);
    offset = Math.round((Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - at) / 60000);
    if (zone.size > 100_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Format 1: `YYYY-MM-DDTHH:MM:SS±HH:MM` in the course instance's zone, seconds truncated. */
export function formatDateIso(date: Date | null, timeZone: string): string | null {
  return date ? formatMsIso(date.getTime(), timeZone) : null;
}

const scratch = Buffer.alloc(64);

/** formatDateIso of a time in milliseconds, without a Date. */
export function formatMsIso(time: number, timeZone: string): string {
  return scratch.toString('latin1', 0, writeMsIso(scratch, 0, time, timeZone));
}

/** Writes ASCII text at `at` of `buf`; returns where it ends. */
function put(buf: Uint8Array, at: number, s: string): number {
  for (let i = 0; i < s.length; i++) buf[at++] = s.charCodeAt(i);
  return at;
}

/** Two decimal digits (0 to 99), in integer arithmetic (`%` on a double calls into C). */
function put2(buf: Uint8Array, at: number, n: number): number {
  const tens = ((n | 0) / 10) | 0;
  buf[at] = 48 + tens;
  buf[at + 1] = 48 + (n | 0) - tens * 10;
  return at + 2;
}

/**
 * formatMsIso written as bytes at `at` of `buf` (at most 32 of them); returns where they end. The
 * gradebook writes tens of thousands of dates straight into its answer this way.
 */
export function writeMsIso(buf: Uint8Array, at: number, time: number, timeZone: string): number {
  const ms = Math.floor(time / 1000) * 1000;
  const offset = offsetMinutes(ms, timeZone);
  const local = ms + offset * 60000;
  // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm), exact for every year.
  const days = Math.floor(local / 86_400_000);
  let secs = (local - days * 86_400_000) / 1000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(secs / 3600);
  secs -= hour * 3600;
  const minute = Math.floor(secs / 60);
  const abs = Math.abs(offset);
  if (year >= 0 && year <= 9999) {
    const century = Math.floor(year / 100);
    at = put2(buf, at, century);
    at = put2(buf, at, year - century * 100);
  } else {
    at = put(buf, at, pad(year, 4));
  }
  buf[at++] = 45; // -
  at = put2(buf, at, month);
  buf[at++] = 45;
  at = put2(buf, at, day);
  buf[at++] = 84; // T
  at = put2(buf, at, hour);
  buf[at++] = 58; // :
  at = put2(buf, at, minute);
  buf[at++] = 58;
  at = put2(buf, at, secs - minute * 60);
  buf[at++] = offset < 0 ? 45 : 43; // - or +
  at = abs < 6000 ? put2(buf, at, Math.floor(abs / 60)) : put(buf, at, String(Math.floor(abs / 60)));
  buf[at++] = 58;
  return put2(buf, at, abs - Math.floor(abs / 60) * 60);
}

/** Format 2: the JavaScript Date JSON form, always UTC with milliseconds. */
export function formatDateUtc(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** Format 3: `YYYY-MM-DD HH:MM:SS (ABBR)` with ICU's en-US short zone name. */
export function formatDateHuman(date: Date, timeZone: string): string {
  const p = wallClock(date, timeZone);
  let fmt = nameCache.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    nameCache.set(timeZone, fmt);
  }
  const abbr = fmt.formatToParts(date).find((x) => x.type === 'timeZoneName')?.value ?? timeZone;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} (${abbr})`;
}

/** PrairieLearn's formatInterval: `1d 2h 3min 4s`, `0s` for zero, each part signed when negative. */
export function formatInterval(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let s = Math.floor(Math.abs(ms) / 1000);
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const min = Math.floor(s / 60);
  s -= min * 60;
  const parts: string[] = [];
  if (d) parts.push(`${sign}${d}d`);
  if (h) parts.push(`${sign}${h}h`);
  if (min) parts.push(`${sign}${min}min`);
  if (s) parts.push(`${sign}${s}s`);
  return parts.length ? parts.join(' ') : '0s';
}
